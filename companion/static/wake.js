// Screen awake: over HTTPS (a secure context) the room asks for a screen wake lock, and again whenever the page
// comes back into view (the browser drops the lock when it hides); over plain HTTP, where browsers offer none, it
// shows a one-line hint to lengthen the screen timeout, once per phone.
const HINTED = "rollsheet.wake-hint";

async function keepAwake() {
  if (document.visibilityState !== "visible") return;
  try {
    await navigator.wakeLock.request("screen");
  } catch (error) { // refused (battery saver, a page in the background): the screen times out as it would
  }
}

/** Keep the screen awake while the room shows, or hint once how to. */
export function keepScreenOn() {
  if (window.isSecureContext && "wakeLock" in navigator) {
    keepAwake();
    document.addEventListener("visibilitychange", keepAwake);
  } else if (!localStorage.getItem(HINTED)) {
    localStorage.setItem(HINTED, "shown");
    document.getElementById("wake-hint").hidden = false;
  }
}
