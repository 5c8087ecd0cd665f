"""The scoreboard's HTML read back with the standard library's parser: elements with their
attributes and text, so a test asks what a reader (or a screen reader) gets."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

#: Elements that never have content (no end tag).
VOID = {"meta", "link", "br", "img", "input"}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    text: str = ""
    children: list[Element] = field(default_factory=list)

    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def all(self, tag: str, cls: str | None = None) -> list[Element]:
        """Every element below (this one included) with `tag` and, if given, class `cls`."""
        found = [self] if self.tag == tag and (cls is None or cls in self.classes()) else []
        for child in self.children:
            found += child.all(tag, cls)
        return found

    def child(self, tag: str) -> Element:
        """The one direct child with `tag`."""
        found = [child for child in self.children if child.tag == tag]
        assert len(found) == 1, (tag, len(found))
        return found[0]

    def one(self, tag: str, cls: str | None = None) -> Element:
        found = self.all(tag, cls)
        assert len(found) == 1, (tag, cls, len(found))
        return found[0]


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("document", {})
        self.open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {key: value or "" for key, value in attrs})
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open[-1].children.append(Element(tag, {key: value or "" for key, value in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        assert self.open[-1].tag == tag, f"</{tag}> closes <{self.open[-1].tag}>"
        self.open.pop()

    def handle_data(self, data: str) -> None:
        for element in self.open:
            element.text += data


def parse(html: str) -> Element:
    """The page as a tree; a tag closed out of order fails the test."""
    tree = _Tree()
    tree.feed(html)
    tree.close()
    return tree.root
