// Live updates of a room: Server-Sent Events (EventSource) from /api/rooms/<code>/events,
// long polling (?since=<version>&wait=20) where a browser has no EventSource.
// Live.follow(code, show, version): show(state) for each newer state; version() is the one drawn.
const Live = (function () {
  const pause = (ms) => new Promise((done) => setTimeout(done, ms));

  // EventSource reconnects by itself after a dropped connection, sending Last-Event-ID;
  // after a refusal (503 when the server is full, 404...) it gives up, so start anew, later.
  function stream(code, show, version, wait) {
    const source = new EventSource(`/api/rooms/${code}/events?since=${version()}`);
    source.onmessage = (event) => { wait = 2000; show(JSON.parse(event.data)); };
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return;
      // jittered, so phones cut off together (a restart) do not all come back in the same instant
      setTimeout(() => stream(code, show, version, Math.min(wait * 2, 30000)), wait * (0.5 + Math.random()));
    };
  }

  async function poll(code, show, version) {
    for (;;) {
      const started = Date.now();
      try {
        const response = await fetch(`/api/rooms/${code}?since=${version()}&wait=20`);
        if (response.ok) show(await response.json());
        else await pause(Number(response.headers.get("Retry-After")) * 1000 || 2000);
      } catch (error) {
        await pause(2000);
      }
      if (Date.now() - started < 1000) await pause(400);
    }
  }

  function follow(code, show, version) {
    if ("EventSource" in window) stream(code, show, version, 2000);
    else poll(code, show, version);
  }
  return {follow};
})();
