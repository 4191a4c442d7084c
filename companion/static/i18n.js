// The page's words in the phone's language: the server hands over the catalogue's strings the scripts
// use as the JSON block #words (companion/web/views/language.py); a string the catalogue lacks stays English.
// _("Turn %(turn)s", {turn: 3}); ngettext("%(num)s die", "%(num)s dice", n, {...}) (num is filled too).
const {language, words} = JSON.parse(document.getElementById("words").textContent);
const plural = new Intl.PluralRules(language);
const fill = (text, values) => text.replace(/%\((\w+)\)s/g, (match, key) => (key in values ? String(values[key]) : match));

/** A message in the page's language, its %(name)s filled from `values`. */
export function _(message, values = {}) {
  return fill(words[message] ?? message, values);
}

/** A counted message in the page's language: the plural form `num` asks for. */
export function ngettext(one, many, num, values = {}) {
  const forms = words[one];
  const text = forms ? forms[plural.select(num)] ?? forms.other : num === 1 ? one : many;
  return fill(text, {num, ...values});
}

// The phone's own region when it speaks the page's language (en-GB: a 24-hour clock, en-US: AM and PM), else the
// page's language.
const region = navigator.languages.find((tag) => tag.split("-")[0] === language) || language;

/** The time of day of `at` (epoch seconds) on the phone's own clock; with the seconds when asked. */
export const clock = (at, seconds = false) => new Date(at * 1000).toLocaleTimeString(region,
  {hour: "2-digit", minute: "2-digit", ...(seconds ? {second: "2-digit"} : {})});

/** "Ana, Ben and Cy" in the page's language. */
export const listing = (names) => new Intl.ListFormat(language, {type: "conjunction"}).format(names);

export {language};
