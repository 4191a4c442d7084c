// Drawing helpers of a room page's boards: the text colour that reads on a fill, a polyomino (or a piece from above)
// as SVG, a layout's shape and a colour's swatch as the shared lists (and the sheet page's palette) show them.
import {el} from "./dom.js";
import {inCell, mark} from "./glyphs.js";

// WCAG contrast: the text colour (near-black or white) that reads best on a fill.
const luminance = (rgb) => [1, 3, 5].map((i) => parseInt(rgb.slice(i, i + 2), 16) / 255)
  .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
// The text colour that reads best on the fill `rgb` (#rrggbb).
export function onFill(rgb) {
  const fill = luminance(rgb) + 0.05;
  return fill / (luminance("#111111") + 0.05) >= 1.05 / fill ? "#111111" : "#ffffff";
}

// A polyomino (or a piece seen from above) as SVG: [x, y, text] cells in a colour, `px` per cell; the cells'
// text drawn at least 12 px high however small the cells.
export function cellsSvg(cells, colour, px) {
  const ns = "http://www.w3.org/2000/svg", svg = document.createElementNS(ns, "svg");
  const w = Math.max(...cells.map((c) => c[0])) + 1, h = Math.max(...cells.map((c) => c[1])) + 1;
  const set = (node, attrs) => { for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v); return node; };
  set(svg, {viewBox: `-1 -1 ${w * 10 + 2} ${h * 10 + 2}`, width: w * px, height: h * px, "aria-hidden": "true"});
  const size = Math.max(6.5, 12.2 * (w * 10 + 2) / (w * px));  // in the viewBox's units
  for (const [x, y, text] of cells) {
    const label = set(document.createElementNS(ns, "text"), {x: x * 10 + 5, y: y * 10 + 5 + 0.354 * size,
      "text-anchor": "middle", "font-size": size, "font-weight": 700, fill: onFill(colour.rgb)});
    label.textContent = text;
    svg.append(set(document.createElementNS(ns, "rect"), {x: x * 10, y: y * 10, width: 10, height: 10, class: "cell",
      fill: colour.rgb, stroke: "#1b1b1b", "stroke-width": 0.8}), label);
  }
  return svg;
}

// A shape of the layout (its `cells` map, '#' a cell) as SVG in its colour, `px` per cell, its glyph in its first cell.
export function shapeSvg(shape, colour, px = 16) {
  const rows = shape.cells.trim().split("\n").map((r) => r.replace(/ /g, ""));
  const text = colour.glyph_svg ? "" : colour.glyph;
  const cells = rows.flatMap((row, y) => [...row].flatMap((c, x) => (c === "#" ? [[x, y, text]] : [])));
  const svg = cellsSvg(cells, colour, px);
  if (colour.glyph_svg) inCell(svg, cells[0][0], cells[0][1], colour, onFill(colour.rgb));
  return svg;
}

// A colour's swatch: its fill with its glyph on it.
export const swatch = (colour) => el("span", {class: "swatch",
  style: `--fill:${colour.rgb};--on-fill:${onFill(colour.rgb)}`}, mark(colour));
