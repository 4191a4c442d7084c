// A sheet drawn as SVG in the printed sheet's own millimetres: the words of its blocks where the paper prints them,
// and each write-in place as a cell in reading order (a button, or a checkbox for a cross) with its spoken name.
import {onFill} from "./cells.js";
import {el} from "./dom.js";

const ns = "http://www.w3.org/2000/svg";

// An SVG node with its attributes (null and undefined ones left out) and children.
function svgNode(tag, attrs = {}, ...children) {
  const node = document.createElementNS(ns, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

// The words of one block, wrapped in its box at the paper's type size (shrunk where the phone's font runs longer);
// laid out at TEN times the size and scaled down, as browsers lay out type of a pixel or two poorly.
const TEN = 10;
function words(block) {
  const [x, y, w, h] = block.at;
  const box = el("div", {class: `words ${block.align}${block.bold ? " bold" : ""}`},
    block.lines.map((line) => el("p", {class: line.bold ? "bold" : null}, line.text)));
  box.style.fontSize = `${block.size * TEN}px`;
  const outside = svgNode("foreignObject", {width: w * TEN, height: h * TEN, "aria-hidden": "true",
    transform: `translate(${x} ${y}) scale(${1 / TEN})`});
  outside.append(box);
  return outside;
}

/** Make the words of each block fit their box, once the SVG is on the page. */
export function fitWords(svg) {
  for (const box of svg.querySelectorAll(".words")) {
    let size = parseFloat(box.style.fontSize);
    while (box.scrollHeight > box.clientHeight + 1 && size > TEN) {
      size *= 0.92;
      box.style.fontSize = `${size}px`;
    }
  }
}

// The glyph of a place's colour in the corner of its cell.
function glyph(place, colour) {
  const [x, y, w, h] = place.at, side = Math.min(w, h) * 0.34;
  return svgNode("use", {href: `${colour.glyph_svg}#glyph`, class: "glyph",
    transform: `translate(${x + w - side - 0.6} ${y + 0.6}) scale(${side / 100})`, color: colour.rgb});
}

// What a marked place shows: a cross, its number or text, or its colour (a brick X, a window O).
function mark(place, value, colours, pending) {
  const [x, y, w, h] = place.at, side = Math.min(w, h), pad = side * 0.2;
  if (value === undefined || value === null) return [];
  if (place.kind === "cross") {
    const [left, top, right, bottom] = [x + pad, y + pad, x + w - pad, y + h - pad];
    const d = `M${left} ${top}L${right} ${bottom}M${right} ${top}L${left} ${bottom}`;
    return [svgNode("path", {class: "cross", d})];
  }
  if (place.kind === "colour") {
    const [key, variant] = value.split("."), colour = colours[key] || {rgb: "#888888"};
    const cx = x + w / 2, cy = y + h / 2, r = side * 0.28;
    const sign = variant === "brick"
      ? svgNode("path", {d: `M${cx - r} ${cy - r}L${cx + r} ${cy + r}M${cx + r} ${cy - r}L${cx - r} ${cy + r}`})
      : svgNode("circle", {cx, cy, r});
    sign.setAttribute("class", "sign");
    sign.setAttribute("stroke", onFill(colour.rgb));
    const fill = svgNode("rect", {x, y, width: w, height: h, fill: colour.rgb,
      class: pending ? "fill pending" : "fill"});
    return [fill, sign];
  }
  const text = svgNode("text", {x: x + w / 2, y: y + h / 2, class: "value", "font-size": Math.min(h * 0.62, w * 0.45)});
  text.textContent = String(value);
  return [text];
}

/** One place's cell: `value` its mark, `pending` a fill not yet sent; a control when `editable`, else an image. */
export function cell(place, value, {colours, editable, spoken, pending}) {
  const [x, y, w, h] = place.at;
  const colour = colours[place.colour];
  const shown = pending === undefined ? value : pending;
  const role = !editable ? "img" : place.kind === "cross" ? "checkbox" : "button";
  const group = svgNode("g", {class: `place ${place.kind}`, role, "aria-label": spoken(place, value, pending),
    tabindex: editable ? "0" : null, "data-place": place.id,
    "aria-checked": editable && place.kind === "cross" ? String(value === true) : null});
  group.append(svgNode("rect", {x, y, width: w, height: h, class: "edge",
    stroke: colour ? colour.line || colour.rgb : null}));
  if (place.label && h >= 5 && (shown === undefined || shown === null)) {
    const label = svgNode("text", {x: x + 0.8, y: y + Math.min(h * 0.3, 3), class: "label",
      "font-size": Math.min(h * 0.28, 2.6)});
    label.textContent = place.label;
    group.append(label);
  }
  group.append(...mark(place, shown, colours, pending !== undefined));
  if (colour && colour.glyph_svg) group.append(glyph(place, colour));
  return group;
}

/** A sheet as SVG: its blocks' words and its places' cells (`cellOf(place)`), in the paper's millimetres. */
export function sheetSvg(drawing, label, cellOf) {
  const [w, h] = drawing.size;
  const svg = svgNode("svg", {viewBox: `0 0 ${w} ${h}`, class: "sheet", role: "group", "aria-label": label});
  svg.append(svgNode("rect", {x: 0, y: 0, width: w, height: h, class: "paper"}));
  svg.append(...drawing.blocks.map(words), ...drawing.places.map(cellOf));
  return svg;
}
