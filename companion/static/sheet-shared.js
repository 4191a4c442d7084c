// What the sheet page takes from the phone's shared scripts, loaded before it as plain scripts (i18n.js and
// glyphs.js by base.html, live.js by sheet.html): the page's words, the colour glyphs and the room's live stream.
// Once those are ES modules, this module re-exports theirs and the page's other modules stay as they are.
/* global I18n, Live */

/** A message in the page's language, its %(name)s filled from `values`. */
export const _ = (message, values) => I18n.gettext(message, values);

/** Follow the room's live stream (live.js): show(state) for each newer state. */
export const follow = (...args) => Live.follow(...args);
