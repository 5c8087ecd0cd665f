"""A paho-mqtt client set up from `MqttSettings`, the same way for a table and for the board:
credentials, TLS, keep-alive, reconnection, and a table's availability (`status`, with its last
will). A refusal by the broker is put in words that say what to change."""

from __future__ import annotations

import ssl
from typing import Any

from companion.publish.mqtt_settings import MqttSettings
from engine.errors import N_

TOPIC_ROOT = "companion"
#: `companion/<table>/status`, retained: ONLINE while the table is connected, OFFLINE once it
#: stopped or the broker lost it (its last will, sent by the broker itself).
STATUS_TOPIC = "status"
ONLINE = b"online"
OFFLINE = b"offline"
#: Seconds between attempts to reach a broker that does not answer, growing up to the second.
RECONNECT_SECONDS = (1, 8)
#: CONNACK reasons (as paho-mqtt numbers them) that mean "these credentials are not welcome".
CREDENTIALS_REFUSED = (134, 135)


def topic(table: str, item_topic: str) -> str:
    return f"{TOPIC_ROOT}/{table}/{item_topic}"


class TlsError(ValueError):
    """A certificate or key file that cannot be used: `key` is the setting that names it."""

    def __init__(self, key: str, reason: str, **params: Any) -> None:
        self.key = key
        self.reason = reason
        self.params = params
        super().__init__(f"{key}: {reason.format(**params)}")


def tls_context(settings: MqttSettings) -> ssl.SSLContext:
    """The TLS context of an mqtts:// broker: its certificate checked against `ca_file` (else
    the system's authorities) and its name against the URL's host; the client certificate
    when one is given. TlsError says which file is wrong."""
    ca = settings.ca_file
    if ca is not None and not ca.is_file():
        raise TlsError("ca_file", N_("no CA certificate file {path}: give the file of the "
                                     "authority that signed the broker's certificate"),
                       path=str(ca))
    try:
        context = ssl.create_default_context(cafile=None if ca is None else str(ca))
    except (OSError, ssl.SSLError) as error:
        raise TlsError("ca_file", N_("cannot use {path} as a CA certificate (PEM expected): "
                                     "{detail}"),
                       path=str(ca), detail=getattr(error, "strerror", None) or error) from error
    if settings.cert_file is not None and settings.key_file is not None:
        for key, path in (("cert_file", settings.cert_file), ("key_file", settings.key_file)):
            if not path.is_file():
                raise TlsError(key, N_("no such file: {path}"), path=str(path))
        try:
            context.load_cert_chain(str(settings.cert_file), str(settings.key_file))
        except (OSError, ssl.SSLError) as error:
            raise TlsError("cert_file", N_("cannot use the client certificate {path} with its "
                                           "key: {detail}"),
                           path=str(settings.cert_file),
                           detail=getattr(error, "strerror", None) or error) from error
    return context


def new_client(settings: MqttSettings, with_status: bool = False) -> Any:
    """A client ready for `connect_async`; with `with_status`, its last will marks the table
    offline (set before connecting, as MQTT requires)."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    # A clean session: a table only publishes, and its outbox (not the broker) keeps what is
    # not acknowledged yet; the board takes the retained messages again at each connection.
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=settings.client_id,
                         clean_session=True)
    if settings.username is not None:
        client.username_pw_set(settings.username, settings.password)
    if settings.tls:
        client.tls_set_context(tls_context(settings))
    if with_status:
        client.will_set(topic(settings.table, STATUS_TOPIC), OFFLINE, qos=1, retain=True)
    client.reconnect_delay_set(*RECONNECT_SECONDS)
    return client


def credentials_refused(reason: Any) -> bool:
    """Whether a CONNACK's refusal is of the user name or password."""
    return getattr(reason, "value", None) in CREDENTIALS_REFUSED


def refusal(reason: Any, settings: MqttSettings) -> str:
    """A CONNACK's refusal in words that say what to change (for the log)."""
    if credentials_refused(reason):
        who = f"user {settings.username!r}" if settings.username else "anonymous clients"
        return (f"{settings.address} refused {who} ({reason}): check the user name and "
                "password, and the broker's password_file and acl_file")
    return f"{settings.address} refused the connection: {reason}"
