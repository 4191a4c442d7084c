// A group page's import: read a JSON export (a list of plays) and post it to the group in parts small enough
// for the companion's body limit; a play the group has already is skipped by the server, so sending again is safe.
(function () {
  const form = document.getElementById("import");
  if (!form) return;
  const said = document.getElementById("import-said");
  const PART = 40;

  async function send(plays) {
    let added = 0, skipped = 0;
    for (let start = 0; start < plays.length; start += PART) {
      const response = await fetch(form.dataset.url, {
        method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(plays.slice(start, start + PART)),
      });
      const answer = await response.json();
      if (!response.ok) return {error: answer.error, added};
      added += answer.added;
      skipped += answer.skipped;
    }
    return {added, skipped};
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const [file] = document.getElementById("import-file").files;
    let plays;
    try {
      plays = JSON.parse(await file.text());
    } catch (error) {
      said.textContent = _("This file is not a JSON export of plays.");
      return;
    }
    if (!Array.isArray(plays)) { said.textContent = _("This file is not a JSON export of plays."); return; }
    const done = await send(plays);
    if (done.error) {
      said.textContent = ngettext("%(num)s play was imported, then: %(error)s", "%(num)s plays were imported, then: %(error)s",
        done.added, {error: done.error});
      return;
    }
    window.location.assign(`${window.location.pathname}?said=imported#stats`);  // the log says how many came
  });
})();
