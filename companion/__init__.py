"""The appliance: the table loop, screens, tag registry, journal, command line and service."""
