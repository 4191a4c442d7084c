// Fair dice (docs/fair-dice.md): the room's commitment, the SHA-256 of its secret seed, shown from the start;
// once the game is over, the link to the proof that `rollsheet verify` checks.
(function () {
  const {el} = Room;
  Room.boards.push((state) => {
    const line = document.getElementById("fair");
    line.hidden = !state.commitment;
    if (!state.commitment) return;
    const proof = el("a", {href: `/api/rooms/${Room.code}/proof`, "data-key": "proof",
      download: `proof-${Room.code}.json`}, _("Proof of the dice: check it with rollsheet verify"));
    const commitment = el("code", {"data-key": "commitment"}, state.commitment);
    line.replaceChildren(_("Dice commitment (SHA-256):") + " ", commitment, " ",
      state.over ? proof : _("The seed behind it is revealed when the game is over."));
  });
})();
