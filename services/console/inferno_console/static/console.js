// The console's one script: live updates from the server's EventSource, ages that tick,
// and a confirm step before an action is sent. No library, nothing fetched from elsewhere.
"use strict";

function ago(ms, now) {
  if (!ms) return "—";
  const s = Math.max(0, Math.floor((now - ms) / 1000));
  if (s < 60) return s + " s";
  if (s < 3600) return Math.floor(s / 60) + " min " + (s % 60) + " s";
  return Math.floor(s / 3600) + " h " + Math.floor((s % 3600) / 60) + " min";
}

let skew = 0;  // server time minus ours
function tick() {
  const now = Date.now() + skew;
  document.querySelectorAll(".since[data-ms]").forEach((el) => {
    el.textContent = ago(Number(el.dataset.ms), now);
  });
  document.querySelectorAll(".deadline[data-ms]").forEach((el) => {
    const left = Math.round((Number(el.dataset.ms) - now) / 1000);
    el.textContent = left >= 0 ? "(" + left + " s left)" : "(" + -left + " s over)";
  });
}
setInterval(tick, 1000);
tick();

function fillRow(tr, r) {
  tr.id = "t-" + r.id;
  tr.dataset.id = r.id;
  tr.dataset.game = r.game;
  tr.dataset.status = r.status;
  tr.className = r.stuck ? "stuck" : "";
  const cells = tr.children;
  const link = cells[0].querySelector("a");
  link.href = "/tables/" + r.id;
  link.textContent = r.id.slice(0, 10);
  cells[0].querySelector(".private").textContent = r.private ? " private" : "";
  cells[1].textContent = r.game;
  cells[2].textContent = r.status + (r.stuck ? " (stuck)" : "");
  cells[3].textContent = r.version;
  cells[4].replaceChildren(...r.seats.map((s) => {
    const span = document.createElement("span");
    span.className = "seat k-" + s.kind.replace(" ", "-") + (s.connected === false ? " away" : "");
    span.title = s.kind + (s.connected === false ? ", disconnected" : "");
    span.textContent = s.name;
    return span;
  }));
  cells[5].textContent = r.moves_last_minute;
  cells[6].dataset.ms = r.last_move_ms;
  cells[7].textContent = r.to_act.join(", ");
  if (r.deadline_ms) {
    const d = document.createElement("span");
    d.className = "deadline";
    d.dataset.ms = r.deadline_ms;
    cells[7].append(" ", d);
  }
  cells[8].textContent = r.spectators;
}

function followList(table) {
  const body = table.tBodies[0];
  const template = document.getElementById("row-template");
  const want = table.dataset;
  const source = new EventSource(want.live);
  source.onmessage = (e) => {
    const m = JSON.parse(e.data);
    skew = m.now_ms - Date.now();
    for (const id of m.gone || []) document.getElementById("t-" + id)?.remove();
    for (const r of m.rows) {
      const fits = (!want.game || r.game === want.game) && (!want.status || r.status === want.status)
        && (!want.stuck || r.stuck);
      let tr = document.getElementById("t-" + r.id);
      if (!fits) { tr?.remove(); continue; }
      if (!tr) {
        tr = template.content.firstElementChild.cloneNode(true);
        if (want.sort === "newest") body.prepend(tr); else body.append(tr);
      }
      fillRow(tr, r);
    }
    document.getElementById("count").textContent = body.rows.length;
    table.dataset.updates = String(Number(table.dataset.updates || 0) + 1);
    tick();
  };
}

function followTable(box) {
  const source = new EventSource(box.dataset.live);
  const events = document.getElementById("events");
  let refreshing = false, again = false;
  async function refreshBoard() {
    if (refreshing) { again = true; return; }
    refreshing = true;
    try {
      const answer = await fetch(box.dataset.board, { credentials: "same-origin" });
      if (answer.ok) {
        document.getElementById("board").innerHTML = await answer.text();
        const v = answer.headers.get("X-Table-Version");
        if (v) document.getElementById("version").textContent = v;
      }
    } finally {
      refreshing = false;
      if (again) { again = false; refreshBoard(); }
    }
  }
  source.onmessage = (e) => {
    const m = JSON.parse(e.data);
    skew = m.now_ms - Date.now();
    const r = m.rows[0];
    if (r) {
      document.getElementById("status").textContent = r.status;
      const turn = document.getElementById("turn");
      if (turn) turn.textContent = r.to_act.join(", ") || "—";
      const moves = document.getElementById("moves");
      if (moves) moves.textContent = r.moves_last_minute;
      document.getElementById("spectators").textContent = r.spectators;
    }
    for (const ev of m.events || []) {
      const key = ev.version + ":" + ev.type + ":" + ev.time;
      if (events.querySelector('[data-key="' + CSS.escape(key) + '"]')) continue;
      const li = document.createElement("li");
      li.dataset.key = key;
      li.textContent = new Date(ev.time).toISOString().slice(0, 19).replace("T", " ") + " v" + ev.version + " " + ev.text;
      events.prepend(li);
    }
    refreshBoard();
  };
}

document.querySelectorAll("form[data-confirm]").forEach((form) => {
  form.addEventListener("submit", (e) => {
    const reason = form.querySelector("[name=reason]").value;
    if (!window.confirm(form.dataset.confirm + "\nReason: " + reason)) e.preventDefault();
  });
});

const list = document.getElementById("tables");
if (list) followList(list);
const one = document.getElementById("table-live");
if (one) followTable(one);
