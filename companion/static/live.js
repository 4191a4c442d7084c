// Live updates of a room: Server-Sent Events (EventSource) from /api/rooms/<code>/events,
// long polling (?since=<version>&wait=20) where a browser has no EventSource.
// Live.follow(code, show, version, down): show(state) for each newer state; version() is the one drawn;
// down(true) once the stream has been lost for LOST_MS, down(false) when it is back.
const Live = (function () {
  const pause = (ms) => new Promise((done) => setTimeout(done, ms));
  const LOST_MS = 1500; // a blip shorter than this says nothing

  // Whether the connection is up, told to `down` once it has been lost for LOST_MS and when it comes back.
  function watchdog(down) {
    let timer = null, lost = false;
    return {
      up() { clearTimeout(timer); timer = null; if (lost) { lost = false; down(false); } },
      lost() { if (timer === null && !lost) timer = setTimeout(() => { timer = null; lost = true; down(true); }, LOST_MS); },
    };
  }

  // EventSource reconnects by itself after a dropped connection, sending Last-Event-ID;
  // after a refusal (503 when the server is full, 404...) it gives up, so start anew, later.
  function stream(code, show, version, wait, link) {
    const source = new EventSource(`/api/rooms/${code}/events?since=${version()}`);
    source.onopen = () => link.up();
    source.onmessage = (event) => { wait = 2000; link.up(); show(JSON.parse(event.data)); };
    source.onerror = () => {
      link.lost();
      if (source.readyState !== EventSource.CLOSED) return;
      // jittered, so phones cut off together (a restart) do not all come back in the same instant
      setTimeout(() => stream(code, show, version, Math.min(wait * 2, 30000), link), wait * (0.5 + Math.random()));
    };
  }

  async function poll(code, show, version, link) {
    for (;;) {
      const started = Date.now();
      try {
        const response = await fetch(`/api/rooms/${code}?since=${version()}&wait=20`);
        link.up();
        if (response.ok) show(await response.json());
        else await pause(Number(response.headers.get("Retry-After")) * 1000 || 2000);
      } catch (error) {
        link.lost();
        await pause(2000);
      }
      if (Date.now() - started < 1000) await pause(400);
    }
  }

  function follow(code, show, version, down) {
    const link = watchdog(down);
    if ("EventSource" in window) stream(code, show, version, 2000, link);
    else poll(code, show, version, link);
  }
  return {follow};
})();
