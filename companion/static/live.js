// Live updates of a room: Server-Sent Events (EventSource) from /api/rooms/<code>/events,
// long polling (?since=<version>&wait=20) where a browser has no EventSource.
// follow(code, show, version, down, seen): show(state) for each newer state; version() is the one drawn;
// down(true) once the stream has been lost for LOST_MS, down(false) when it is back; seen = {seats(): the seat ids
// this phone holds (present while it streams), away(away_s): each away seat's seconds offline, as the server says};
// it answers {renew()}: start the stream anew (the phone took or lost a seat).
const pause = (ms) => new Promise((done) => setTimeout(done, ms));
const LOST_MS = 1500; // a blip shorter than this says nothing
const SILENCE_MS = 8000; // the stream sends a heartbeat every 5 s: this long without a word, the network is gone
const POLL_S = 20;

// Whether the connection is up, told to `down` once it has been lost for LOST_MS and when it comes back.
function watchdog(down) {
  let timer = null, lost = false;
  return {
    up() { clearTimeout(timer); timer = null; if (lost) { lost = false; down(false); } },
    lost() { if (timer === null && !lost) timer = setTimeout(() => { timer = null; lost = true; down(true); }, LOST_MS); },
  };
}

// EventSource reconnects by itself after a dropped connection, sending Last-Event-ID; after a refusal (503 when
// the server is full, 404...) it gives up, and a network gone silent (a sleeping laptop, a Wi-Fi drop: no error,
// no heartbeat for SILENCE_MS) it never notices: in both cases close it and start anew, later.
function stream(code, show, version, wait, link, seen) {
  const seats = seen.seats().join(",");
  const source = new EventSource(`/api/rooms/${code}/events?since=${version()}&seats=${seats}`);
  let heard = Date.now(), again = null;
  const hear = () => { heard = Date.now(); link.up(); };
  const restart = () => {
    clearInterval(silence);
    source.close();
    link.lost();
    // jittered, so phones cut off together (a restart) do not all come back in the same instant
    again = again || setTimeout(() => stream(code, show, version, Math.min(wait * 2, 30000), link, seen),
      wait * (0.5 + Math.random()));
  };
  const silence = setInterval(() => { if (Date.now() - heard > SILENCE_MS) restart(); }, 1000);
  link.renew = () => {
    clearInterval(silence);
    clearTimeout(again);
    source.close();
    stream(code, show, version, 2000, link, seen);
  };
  source.onopen = hear;
  source.addEventListener("heartbeat", hear);
  source.addEventListener("presence", (event) => { hear(); seen.away(JSON.parse(event.data).away_s); });
  source.onmessage = (event) => { wait = 2000; hear(); show(JSON.parse(event.data)); };
  source.onerror = () => {
    link.lost();
    if (source.readyState === EventSource.CLOSED) restart();
  };
}

async function poll(code, show, version, link) {
  for (;;) {
    const started = Date.now(), abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), POLL_S * 1000 + SILENCE_MS);
    try {
      const response = await fetch(`/api/rooms/${code}?since=${version()}&wait=${POLL_S}`, {signal: abort.signal});
      link.up();
      if (response.ok) show(await response.json());
      else await pause(Number(response.headers.get("Retry-After")) * 1000 || 2000);
    } catch (error) {
      link.lost();
      await pause(2000);
    } finally {
      clearTimeout(timer);
    }
    if (Date.now() - started < 1000) await pause(400);
  }
}

// Follows the room live (event stream, else long polling): see the header for its arguments.
export function follow(code, show, version, down, seen = {seats: () => [], away: () => {}}) {
  const link = watchdog(down);
  if ("EventSource" in window) stream(code, show, version, 2000, link, seen);
  else poll(code, show, version, link);
  return {renew: () => link.renew && link.renew()}; // a stream anew, naming the seats held now
}
