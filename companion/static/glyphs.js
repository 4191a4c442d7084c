// Colour glyphs on the phone: the shapes the paper prints, each served as an SVG (/glyphs/<shape>.svg, the
// colour's `glyph_svg` in the game's data); a colour of a schema 1 layout keeps its letter.
// mark(colour): the glyph as a node for a button or a label (a CSS mask in the text's colour);
// inCell(svg, x, y, colour): the glyph inside a cell of a drawn tile (cells.js's 10-unit cells);
// paint(root): gives the glyphs a page was served with (data-glyph-svg) their shape.
const ns = "http://www.w3.org/2000/svg";
const paintOne = (node) => node.style.setProperty("--glyph", `url("${node.dataset.glyphSvg}")`);

// The colour's glyph as a node: its shape (a CSS mask), else its letter.
export function mark(colour) {
  if (!colour.glyph_svg) return document.createTextNode(colour.glyph);
  const node = document.createElement("span");
  node.className = "glyph-shape";
  node.setAttribute("aria-hidden", "true");
  node.dataset.glyphSvg = colour.glyph_svg;
  paintOne(node);
  return node;
}

// The colour's glyph drawn in cell (x, y) of an SVG tile, in `ink`.
export function inCell(svg, x, y, colour, ink) {
  const use = document.createElementNS(ns, "use");
  use.setAttribute("href", `${colour.glyph_svg}#glyph`);
  use.setAttribute("transform", `translate(${x * 10 + 2} ${y * 10 + 2}) scale(0.06)`);
  use.setAttribute("color", ink);
  svg.append(use);
}

// Gives every glyph under `root` that was served with data-glyph-svg its shape.
export const paint = (root) => root.querySelectorAll("[data-glyph-svg]").forEach(paintOne);
