// What a phone's reader would trip over on the page shown, as a list of faults (empty: none).
// Run by the browser tests through WebDriver (`return` at the top level is its script body).
//   overflow: an element wider than the viewport, or reaching past its edges;
//   split:    a word (what stands between two spaces) laid out over two lines;
//   contrast: a text's colour under 4.5:1 against the background it is drawn on (WCAG AA).
var width = document.documentElement.clientWidth;
var faults = [];

function where(element) {
  var name = element.tagName.toLowerCase();
  if (element.id) { name += "#" + element.id; }
  if (typeof element.className === "string" && element.className) {
    name += "." + element.className.trim().split(/\s+/).join(".");
  }
  return name;
}

function shown(element) {
  var box = element.getBoundingClientRect();
  return box.width > 0 || box.height > 0;
}

if (document.documentElement.scrollWidth > width) {
  faults.push({kind: "overflow", where: "html",
               detail: document.documentElement.scrollWidth + " > " + width});
}
Array.prototype.forEach.call(document.body.querySelectorAll("*"), function (element) {
  if (!shown(element)) { return; }
  var box = element.getBoundingClientRect();
  if (element.scrollWidth > width || box.right > width + 0.5 || box.left < -0.5) {
    faults.push({kind: "overflow", where: where(element),
                 detail: Math.round(box.left) + ".." + Math.round(box.right) + " scroll " +
                         element.scrollWidth + " of " + width});
  }
});

function channels(colour) {
  var found = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(colour);
  if (!found) { return null; }
  return {rgb: [+found[1], +found[2], +found[3]],
          alpha: found[4] === undefined ? 1 : +found[4]};
}

function luminance(rgb) {
  var linear = rgb.map(function (value) {
    var c = value / 255;
    return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
}

function background(element) {
  // The nearest opaque background behind the element (the page's is opaque).
  for (var node = element; node && node.nodeType === 1; node = node.parentElement) {
    var colour = channels(getComputedStyle(node).backgroundColor);
    if (colour && colour.alpha > 0) { return colour.rgb; }
  }
  return [255, 255, 255];
}

var range = document.createRange();
var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
var word = /\S+/gu;
while (walker.nextNode()) {
  var text = walker.currentNode;
  var parent = text.parentElement;
  if (!parent || !text.data.trim() || !shown(parent)) { continue; }
  var match;
  word.lastIndex = 0;
  while ((match = word.exec(text.data)) !== null) {
    range.setStart(text, match.index);
    range.setEnd(text, match.index + match[0].length);
    var lines = [];
    Array.prototype.forEach.call(range.getClientRects(), function (box) {
      if (box.width <= 0) { return; }
      var fresh = lines.every(function (top) { return Math.abs(top - box.top) > box.height / 2; });
      if (fresh) { lines.push(box.top); }
    });
    if (lines.length > 1) {
      faults.push({kind: "split", where: where(parent), detail: match[0]});
    }
  }
  var style = getComputedStyle(parent);
  var inSvg = parent instanceof SVGElement;
  var colour = channels(inSvg ? style.fill : style.color);
  if (colour === null) { continue; }
  var lighter = luminance(colour.rgb), darker = luminance(background(parent));
  if (lighter < darker) { var swap = lighter; lighter = darker; darker = swap; }
  var ratio = (lighter + 0.05) / (darker + 0.05);
  if (ratio < 4.5) {
    faults.push({kind: "contrast", where: where(parent),
                 detail: text.data.trim().slice(0, 30) + ": " + ratio.toFixed(2)});
  }
}
return faults;
