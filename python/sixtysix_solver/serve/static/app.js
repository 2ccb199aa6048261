// The analysis board: plain JavaScript over the JSON API (docs/serve.md); no build step.
"use strict";

const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
};
const SUIT_ORDER = "CDHS", RANK_ORDER = "ATKQJ987";
const OUTCOME_COLOURS = { "-3": "#9b2c2c", "-2": "#e53e3e", "-1": "#feb2b2", "0": "#a0aec0", "1": "#9ae6b4", "2": "#38a169", "3": "#22543d" };
const state = { profiles: {}, suits: "french", names: {}, analyse: { view: null, search: null }, play: null, open: null, review: null };

// ---- talking to the API -------------------------------------------------------------------
async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) { opts.headers["Content-Type"] = "application/json"; opts.body = JSON.stringify(body); }
  const resp = await fetch(path, opts);
  const data = await resp.json();
  if (!resp.ok) throw new Error(data.error || resp.statusText);
  return data;
}

// POST with a server-sent-event answer: calls onEvent(name, data) for each event.
async function stream(path, body, onEvent) {
  const resp = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!resp.ok) { const data = await resp.json(); throw new Error(data.error || resp.statusText); }
  const reader = resp.body.getReader(), dec = new TextDecoder();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const chunk = buf.slice(0, i); buf = buf.slice(i + 2);
      let name = "message", data = "";
      for (const line of chunk.split("\n")) {
        if (line.startsWith("event: ")) name = line.slice(7);
        else if (line.startsWith("data: ")) data += line.slice(6);
      }
      if (data) onEvent(name, JSON.parse(data));
    }
  }
}

function showError(err) {
  const m = $("#message");
  m.textContent = err instanceof Error ? err.message : String(err);
  m.hidden = false;
}
function clearError() { $("#message").hidden = true; }
async function guarded(fn) { clearError(); try { await fn(); } catch (e) { showError(e); } }

// ---- cards and boards ---------------------------------------------------------------------
const cardKey = (c) => SUIT_ORDER.indexOf(c[1]) * 8 + RANK_ORDER.indexOf(c[0]);
const sortCards = (cs) => [...cs].sort((a, b) => cardKey(a) - cardKey(b));
const cardName = (c) => state.names[c] || c;
function cardImg(card, opts = {}) {
  const src = `/api/card/${card || "back"}.svg?suits=${state.suits}`;
  const wrap = el("span", { class: "card" + (opts.small ? " small" : "") + (opts.onclick ? " legal" : ""), "data-card": card || "back", title: card ? cardName(card) : "face down" },
    el("img", { src, alt: card ? cardName(card) : "card face down" }));
  if (opts.onclick) wrap.addEventListener("click", opts.onclick);
  if (opts.value !== undefined) wrap.append(el("span", { class: "val" + (opts.best ? " best" : ""), "data-value": opts.value }, opts.value));
  return wrap;
}
const cardsRow = (cards, opts = {}) => el("div", { class: "cards" }, cards.map((c) => cardImg(c, opts)));
const signed = (x, d = 2) => (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x).toFixed(d);
const pct = (x) => (100 * x).toFixed(1) + "%";

// board: the API's board JSON. opts.onCard(card) makes the own legal cards clickable;
// opts.values {card: value} marks cards with values; opts.legal lists the legal actions.
function renderBoard(target, board, opts = {}) {
  target.replaceChildren();
  const n = board.players, order = [];
  for (let k = 1; k <= n; k++) order.push((board.seat + k) % n);   // the seat last, at the bottom
  const side = (p) => (n === 4 ? p % 2 : p);
  for (const p of order) {
    const h = board.hands[p];
    const me = p === board.seat;
    const who = el("div", { class: "who" }, el("b", {}, me && !opts.openPlay ? `You (seat ${p})` : `Seat ${p}`),
      `${board.tricks[p]} tricks` + (board.dealer === p ? " · dealer" : "") + (board.to_act === p ? " · to act" : ""));
    let cards;
    if (h.cards) {
      const legalCards = new Set((opts.legal || []).filter((a) => a.length === 2));
      cards = el("div", { class: "cards", "data-seat": p }, sortCards(h.cards).map((c) => {
        const o = {};
        if (opts.values && board.to_act === p && c in opts.values) { o.value = opts.values[c]; o.best = opts.best && opts.best.includes(c); }
        if (opts.onCard && (opts.openPlay ? board.to_act === p : me) && legalCards.has(c)) o.onclick = () => opts.onCard(c);
        return cardImg(c, o);
      }));
    } else {
      const known = sortCards(h.known);
      const backs = Array(Math.max(0, h.count - known.length)).fill(null);
      cards = el("div", { class: "cards", "data-seat": p }, [...known.map((c) => cardImg(c, { small: true })), ...backs.map(() => cardImg(null, { small: true }))]);
    }
    target.append(el("div", { class: "seatrow" + (me ? " me" : "") }, who, cards));
    if (p === order[order.length - 2] || n === 1) target.append(middle(board, opts, side));
  }
}
function middle(board, opts, side) {
  const boxes = [];
  boxes.push(el("div", { class: "box" }, "trump", cardsRow([board.trump], { small: true })));
  if (board.stock) {
    const top = board.stock.size ? (board.stock.face_up ? [board.stock.face_up] : []) : [];
    boxes.push(el("div", { class: "box", id: "stock-box" }, `stock: ${board.stock.size}` + (board.closed_by !== null ? ` (closed by seat ${board.closed_by})` : ""),
      cardsRow(board.open && board.stock_cards ? board.stock_cards : top, { small: true })));
  }
  if (board.aside) boxes.push(el("div", { class: "box" }, `dead hand: ${board.aside}`, board.open ? cardsRow(board.aside_cards, { small: true }) : ""));
  boxes.push(el("div", { class: "box", id: "trick-box" }, "trick" + (board.trick.cards.length ? ` (led by seat ${board.trick.leader})` : ""), cardsRow(board.trick.cards)));
  if (opts.lastTrick) boxes.push(el("div", { class: "box" }, `last trick (seat ${opts.lastTrick.winner})`, cardsRow(opts.lastTrick.cards, { small: true })));
  const scores = board.scores.map((s, i) => `${board.sides === board.players ? "seat" : "side"} ${i}: ${s}`).join(" · ");
  const extra = [];
  if (board.match) extra.push(`match ${board.match.join(":")} (to ${board.match_target})`);
  if (board.result) extra.push(`hand over: ${board.result.points.join("/")} (${board.result.reason})`);
  boxes.push(el("div", { class: "box scores", id: "scores" }, el("div", {}, `points ${scores} (to ${board.target})`), ...extra.map((t) => el("div", {}, t))));
  return el("div", { class: "middle" }, boxes);
}

// distribution: {"-1": 0.3, "1": 0.7} (game points -> probability), as the API sends it
function distBar(distribution) {
  const dist = Object.entries(distribution).map(([v, p]) => [+v, p]).sort((a, b) => a[0] - b[0]);
  return el("div", { class: "dist", title: dist.map(([v, p]) => `${v > 0 ? "+" : ""}${v}: ${pct(p)}`).join("  ") },
    dist.filter(([, p]) => p > 0).map(([v, p]) => el("div", { style: `width:${100 * p}%;background:${OUTCOME_COLOURS[v]}`, "data-outcome": v })));
}
function legend() {
  return el("div", { class: "legend" }, [-3, -2, -1, 0, 1, 2, 3].map((v) => el("span", {}, el("i", { style: `background:${OUTCOME_COLOURS[v]}` }), (v > 0 ? "+" : "") + v)));
}
function evBar(ev) {
  const w = Math.min(50, Math.abs(ev) / 3 * 50);
  return el("div", { class: "evbar" }, el("div", { class: "zero" }),
    el("div", { class: "fill " + (ev >= 0 ? "pos" : "neg"), style: ev >= 0 ? `left:50%;width:${w}%` : `left:${50 - w}%;width:${w}%` }));
}
function actionRows(tbody, rec) {
  tbody.replaceChildren(...rec.actions.map((a) => el("tr", { class: a.action === rec.best ? "best" : "", "data-action": a.action },
    el("td", {}, a.action),
    el("td", {}, el("span", { class: "evnum" }, signed(a.ev)), " ", evBar(a.ev)),
    el("td", {}, pct(a.p_win)),
    el("td", {}, distBar(a.distribution)),
    el("td", {}, a.ev_ci95 ? `${signed(a.ev_ci95[0])} … ${signed(a.ev_ci95[1])}` : "exact"))));
}

// ---- profiles and settings ----------------------------------------------------------------
function fillSelect(select, values, selected) {
  select.replaceChildren(...values.map((v) => el("option", { value: v, selected: String(v) === String(selected) }, v)));
}
async function loadNames() { state.names = (await api("GET", `/api/cards?suits=${state.suits}`)).names; }

// ---- Analyse: set up by clicking ----------------------------------------------------------
const setup = { assign: {}, mode: "hand" };
function setupProfile() { return state.profiles[$("#setup-profile").value]; }
function setupModes() {
  const p = setupProfile(), modes = [["hand", "your hand"], ["trump", "trump card"], ["trick", "trick"]];
  for (let s = 0; s < p.players; s++) modes.push([`taken${s}`, `taken by seat ${s}`]);
  for (let s = 0; s < p.players; s++) if (s !== +$("#setup-seat").value) modes.push([`seen${s}`, `seen in seat ${s}'s hand`]);
  $("#setup-modes").replaceChildren(el("span", {}, "Clicking marks:"), ...modes.map(([m, label]) =>
    el("label", {}, el("input", { type: "radio", name: "setup-mode", value: m, checked: setup.mode === m, onchange: () => { setup.mode = m; } }), label)));
  $("#setup-marriages").replaceChildren(el("span", {}, "Marriages declared:"), ...Array.from({ length: p.players }, (_, s) =>
    el("label", {}, `seat ${s} `, el("input", { type: "text", size: 4, placeholder: "e.g. H", id: `setup-mp-${s}` }))));
}
function setupDeck() {
  const p = setupProfile();
  $("#setup-deck").replaceChildren(...sortCards(p.deck).map((c) => {
    const where = setup.assign[c];
    const kind = where ? where.replace(/\d$/, "") : "";
    const tag = where ? (where === "hand" ? "hand" : where === "trump" ? "trump" : where === "trick" ? "trick" : where.startsWith("seen") ? `seen ${where.slice(4)}` : `took ${where.slice(5)}`) : "";
    return el("div", { class: "slot " + kind, "data-card": c, title: cardName(c), onclick: () => { setup.assign[c] = setup.assign[c] === setup.mode ? undefined : setup.mode; if (setup.mode === "trump") for (const k in setup.assign) if (k !== c && setup.assign[k] === "trump") delete setup.assign[k]; setupDeck(); } },
      el("img", { src: `/api/card/${c}.svg?suits=${state.suits}`, alt: cardName(c) }), where ? el("span", { class: "tag" }, tag) : null);
  }));
}
function setupSeats() {
  const p = setupProfile(), seats = Array.from({ length: p.players }, (_, i) => i);
  fillSelect($("#setup-seat"), seats, Math.min(1, p.players - 1)); fillSelect($("#setup-dealer"), seats, 0);
  setup.assign = {}; setupModes(); setupDeck();
}
function setupJson() {
  const p = setupProfile(), pick = (m) => Object.keys(setup.assign).filter((c) => setup.assign[c] === m);
  const trump = pick("trump")[0];
  if (!trump) throw new Error("mark the trump card: choose “trump card” and click it");
  return {
    profile: p.name, seat: +$("#setup-seat").value, dealer: +$("#setup-dealer").value,
    hand: pick("hand"), trump, trick: pick("trick"),
    taken: Array.from({ length: p.players }, (_, s) => pick(`taken${s}`)),
    seen: Array.from({ length: p.players }, (_, s) => pick(`seen${s}`)),
    marriages: Array.from({ length: p.players }, (_, s) => $(`#setup-mp-${s}`).value || ""),
  };
}
function showPosition(data) {
  state.analyse.view = data.view;
  renderBoard($("#analyse-board"), data.board, {});
  $("#analyse-view").textContent = data.view;
  $("#an-go").disabled = false;
  $("#an-close").disabled = !data.legal.includes("close");
  $("#an-table").hidden = true; $("#close-result").hidden = true; $("#an-status").textContent = ""; $("#an-line").textContent = "";
  $("#an-progress").style.width = "0";
}

// ---- Analyse: searches ----------------------------------------------------------------------
function searching(on) {
  $("#an-stop").disabled = !on; $("#an-go").disabled = on;
  $("#an-close").disabled = on || !state.analyse.closable;
}
async function runAnalysis() {
  const body = { view: state.analyse.view, worlds: +$("#an-worlds").value, time_limit: +$("#an-seconds").value };
  $("#close-result").hidden = true;
  searching(true);
  try {
    await stream("/api/analyse/stream", body, (name, data) => {
      if (name === "start") { state.analyse.search = data.id; $("#an-status").textContent = "searching…"; }
      else if (name === "error") throw new Error(data.error);
      else {
        $("#an-table").hidden = false;
        actionRows($("#an-table tbody"), data);
        $("#an-progress").style.width = `${100 * data.progress}%`;
        const how = data.exact ? `every world (${data.total_worlds.toLocaleString()})` : `${data.worlds.toLocaleString()} of ${data.total_worlds.toLocaleString()} worlds`;
        $("#an-status").textContent = (name === "done" ? `done (${data.stopped})` : "searching…") + ` — ${how}, best ${data.best}, ${data.seconds.toFixed(2)} s`;
        $("#an-status").dataset.state = name;
        if (name === "done" && data.line) $("#an-line").textContent = "best line with every card known: " + data.line.join(" ");
      }
    });
  } finally { searching(false); state.analyse.search = null; }
}
async function runClosing() {
  const body = { view: state.analyse.view, worlds: Math.min(+$("#an-worlds").value, 500), time_limit: +$("#an-seconds").value };
  searching(true);
  const out = $("#close-result");
  try {
    await stream("/api/close/stream", body, (name, data) => {
      if (name === "start") { state.analyse.search = data.id; $("#an-status").textContent = "valuing closing against going on…"; }
      else if (name === "error") throw new Error(data.error);
      else if (name === "progress") { $("#an-status").textContent = `${data.part}: ${data.worlds.toLocaleString()} worlds…`; $("#an-progress").style.width = `${100 * data.progress}%`; }
      else {
        out.hidden = false;
        const says = { close: "Close: closing wins more", continue: "Go on: closing loses", either: "Either: exactly equal", "too close to call": "Too close to call" };
        out.replaceChildren(el("div", { class: "verdict " + data.verdict.replace(/ /g, "-"), id: "verdict", "data-verdict": data.verdict }, says[data.verdict] || data.verdict),
          ...data.options.map((o) => el("div", { class: "option", "data-option": o.name },
            el("div", {}, el("span", { class: "name" }, o.name), ` (${o.line.join(" then ")}): ${signed(o.ev)} game points, P(win) ${pct(o.p_win)}, ` + (o.exact ? `exact over ${o.worlds.toLocaleString()} worlds` : `${o.worlds} sampled worlds, 95% ${signed(o.ev_ci95[0])} … ${signed(o.ev_ci95[1])}`)),
            distBar(o.distribution))), legend());
        $("#an-status").textContent = `verdict in ${data.seconds.toFixed(2)} s`;
        $("#an-progress").style.width = "100%";
      }
    });
  } finally { searching(false); state.analyse.search = null; }
}

// ---- Play ---------------------------------------------------------------------------------
function renderPlay(s) {
  state.play = s;
  const act = (a) => guarded(async () => {
    $("#play-status").textContent = "the engine is thinking…";
    $("#play-actions").replaceChildren();
    renderPlay(await api("POST", `/api/play/${s.id}/act`, { action: a }));
  });
  renderBoard($("#play-board"), s.board, { legal: s.legal, onCard: act, lastTrick: s.last_trick });
  $("#play-actions").replaceChildren(...s.legal.filter((a) => a.length !== 2).map((a) => el("button", { "data-action": a, onclick: () => act(a) }, a)));
  $("#play-log").replaceChildren(...s.events.map((e) => el("li", {}, `${e.seat === s.seat ? "you" : "seat " + e.seat}: ${e.action}`)));
  $("#play-hint").disabled = !s.your_turn; $("#play-hint-out").replaceChildren();
  $("#play-next").disabled = !s.hand_over || s.match_over;
  const save = $("#play-save"); save.hidden = false; save.href = `/api/play/${s.id}/record`; save.download = `sixtysix-match-${s.id}.txt`;
  $("#play-review").hidden = !s.hand_over;
  // Two sides: "you:them"; three players each alone: every seat's score, yours as "you".
  const two = s.match.length === 2, who = (i) => i === s.side ? "you" : `seat ${i}`;
  const score = two ? `${s.match[s.side]}:${s.match[1 - s.side]}` : s.match.map((m, i) => `${who(i)} ${m}`).join(", ");
  let msg = `hand ${s.hand_no} · match ${score} (to ${s.match_target}) · `;
  if (s.match_over) msg += s.you_won ? "you won the match!" : two ? "the engine won the match" : `seat ${s.match_winner} (the engine) won the match`;
  else if (s.hand_over && two) msg += `hand over: ${s.hand_result.points[s.side]} game points to you, ${s.hand_result.points[1 - s.side]} to the engine (${s.hand_result.reason})`;
  else if (s.hand_over) msg += `hand over: game points ${s.hand_result.points.map((x, i) => `${who(i)} ${x}`).join(", ")} (${s.hand_result.reason})`;
  else msg += s.your_turn ? "your turn: click a card or an action" : "waiting";
  const st = $("#play-status"); st.textContent = msg; st.dataset.handOver = s.hand_over; st.dataset.matchOver = s.match_over;
}
async function playHint() {
  const h = await api("POST", `/api/play/${state.play.id}/hint`);
  const table = el("table", { class: "actions", id: "hint-table" }, el("tbody"));
  actionRows(table.querySelector("tbody"), h);
  $("#play-hint-out").replaceChildren(el("p", { class: "status", id: "hint-best" }, `hint: ${h.best} (${h.worlds} worlds)`), table);
}

// ---- Review -------------------------------------------------------------------------------
function reviewGraph(decisions) {
  const metric = $("#review-metric").value, W = 600, H = 200, pad = 28;
  const key = metric === "ev" ? "taken_ev" : "taken_p_win";
  const lo = metric === "ev" ? -3 : 0, hi = metric === "ev" ? 3 : 1;
  const x = (i) => pad + (decisions.length < 2 ? (W - 2 * pad) / 2 : i * (W - 2 * pad) / (decisions.length - 1));
  const y = (v) => H - pad - (v - lo) / (hi - lo) * (H - 2 * pad);
  const ns = "http://www.w3.org/2000/svg", svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const add = (tag, attrs, text) => { const e = document.createElementNS(ns, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); if (text) e.textContent = text; svg.append(e); return e; };
  add("line", { x1: pad, x2: W - pad, y1: y(metric === "ev" ? 0 : 0.5), y2: y(metric === "ev" ? 0 : 0.5), stroke: "#a0aec0", "stroke-dasharray": "4 3" });
  add("text", { x: 2, y: y(hi) + 4, "font-size": 10, fill: "#5b6570" }, metric === "ev" ? "+3" : "100%");
  add("text", { x: 2, y: y(lo) + 4, "font-size": 10, fill: "#5b6570" }, metric === "ev" ? "−3" : "0%");
  if (decisions.length) add("polyline", { points: decisions.map((d, i) => `${x(i)},${y(d[key])}`).join(" "), fill: "none", stroke: "#2b6cb0", "stroke-width": 2 });
  decisions.forEach((d, i) => {
    const colour = { inaccuracy: "#d69e2e", mistake: "#dd6b20", blunder: "#c53030" }[d.label] || "#2b6cb0";
    const c = add("circle", { cx: x(i), cy: y(d[key]), r: d.label ? 6 : 4, fill: colour, "data-index": i });
    c.addEventListener("click", () => showDecision(i));
    add("title", {}, `hand ${d.hand + 1} move ${d.move + 1}: ${d.taken} (${signed(d.taken_ev)})`);
  });
  $("#review-graph").replaceChildren(svg);
}
function showDecision(i) {
  const d = state.review[i];
  renderBoard($("#review-board"), d.board, {});
  document.querySelectorAll("#review-table tbody tr").forEach((tr, j) => tr.classList.toggle("selected", j === i));
  $("#review-detail").textContent = `hand ${d.hand + 1}, move ${d.move + 1}: played ${d.taken} (${signed(d.taken_ev)}, P(win) ${pct(d.taken_p_win)}); best ${d.best} (${signed(d.best_ev)}, P(win) ${pct(d.best_p_win)})` + (d.label ? ` — ${d.label}` : "");
  $("#review-detail").dataset.index = i;
}
function reviewRows() {
  $("#review-table").hidden = false;
  $("#review-table tbody").replaceChildren(...state.review.map((d, i) => el("tr", { class: "clickable", "data-index": i, onclick: () => showDecision(i) },
    el("td", {}, d.hand + 1), el("td", {}, d.move + 1), el("td", {}, d.taken), el("td", {}, d.best),
    el("td", {}, d.cost.toFixed(2)), el("td", {}, pct(d.p_win_drop)), el("td", {}, d.label ? el("span", { class: "label " + d.label }, d.label) : ""))));
  reviewGraph(state.review);
}
async function runReview() {
  state.review = [];
  $("#review-go").disabled = true; $("#review-stop").disabled = false;
  const body = { record: $("#review-text").value, seat: +$("#review-seat").value, worlds: +$("#review-worlds").value, time_limit: 2 };
  try {
    await stream("/api/review/stream", body, (name, data) => {
      if (name === "start") { state.reviewSearch = data.id; $("#review-status").textContent = "reviewing…"; }
      else if (name === "error") throw new Error(data.error);
      else if (name === "progress") { state.review.push(data.decision); reviewRows(); $("#review-status").textContent = `reviewing… ${data.done} decisions`; }
      else {
        state.review = data.decisions; reviewRows();
        const bad = data.decisions.filter((d) => d.label).length;
        $("#review-status").textContent = `${data.decisions.length} decisions, ${bad} labelled; expected game points given away ${data.total_cost.toFixed(2)}` + (data.complete ? "" : " (stopped)");
        $("#review-status").dataset.state = "done";
      }
    });
  } finally { $("#review-go").disabled = false; $("#review-stop").disabled = true; }
}

// ---- Open cards ---------------------------------------------------------------------------
async function solveOpen(req) {
  $("#open-status").textContent = "solving…";
  const r = await api("POST", "/api/solve", req);
  state.open = { req, result: r };
  const values = {}; for (const a of r.actions) values[a.action] = a.value === null ? `${a.lower}..${a.upper}` : (a.value > 0 ? "+" : "") + a.value;
  renderBoard($("#open-board"), r.board, {
    values, best: r.best, legal: r.actions.map((a) => a.action), openPlay: true,
    onCard: (c) => guarded(() => solveOpen({ ...req, moves: [...(req.moves || []), c] })),
  });
  const others = r.actions.filter((a) => a.action.length !== 2).map((a) => `${a.action}: ${values[a.action]}`);
  $("#open-status").textContent = `seat ${r.seat} to act: value ${r.value === null ? `${r.lower}..${r.upper}` : signed(r.value, 0)} game points for its side (${r.exact ? "exact" : r.stopped}), ${r.nodes.toLocaleString()} nodes` + (others.length ? ` · ${others.join(", ")}` : "");
  $("#open-status").dataset.state = "done";
  $("#open-pv").textContent = r.pv.length ? "best line: " + r.pv.join(" ") : "";
  $("#open-undo").disabled = !(req.moves && req.moves.length);
}

// ---- wiring -------------------------------------------------------------------------------
function switchTab(name) {
  document.querySelectorAll("#tabs button").forEach((b) => b.classList.toggle("active", b.dataset.tab === name));
  document.querySelectorAll(".tab").forEach((t) => { t.hidden = t.id !== `tab-${name}`; });
}
async function main() {
  const info = await api("GET", "/api/profiles");
  for (const p of info.profiles) state.profiles[p.name] = p;
  const names = info.profiles.map((p) => p.name);
  fillSelect($("#setup-profile"), names, "schnapsen"); fillSelect($("#play-profile"), names, "schnapsen"); fillSelect($("#open-profile"), names, "schnapsen");
  await loadNames();
  setupSeats();
  document.querySelectorAll("#tabs button").forEach((b) => b.addEventListener("click", () => switchTab(b.dataset.tab)));
  $("#suits").addEventListener("change", () => guarded(async () => {
    state.suits = $("#suits").value; await loadNames(); setupDeck();
    document.querySelectorAll("span.card img").forEach((img) => { img.src = img.src.replace(/suits=\w+/, `suits=${state.suits}`); });
  }));
  $("#setup-profile").addEventListener("change", setupSeats);
  $("#setup-seat").addEventListener("change", () => { if (setup.mode.startsWith("seen")) setup.mode = "hand"; setupModes(); });
  $("#setup-clear").addEventListener("click", () => { setup.assign = {}; setupDeck(); });
  $("#setup-go").addEventListener("click", () => guarded(async () => { const d = await api("POST", "/api/setup", setupJson()); state.analyse.closable = d.legal.includes("close"); showPosition(d); }));
  $("#paste-go").addEventListener("click", () => guarded(async () => {
    const d = await api("POST", "/api/parse", { text: $("#paste-text").value });
    if (!d.view) throw new Error("the hand is over: nothing to analyse (open it in Review)");
    state.analyse.closable = d.legal.includes("close"); showPosition(d);
  }));
  $("#an-go").addEventListener("click", () => guarded(runAnalysis));
  $("#an-close").addEventListener("click", () => guarded(runClosing));
  $("#an-stop").addEventListener("click", () => guarded(async () => { if (state.analyse.search) await api("POST", `/api/searches/${state.analyse.search}/stop`); }));
  $("#play-new").addEventListener("click", () => guarded(async () => {
    $("#play-status").textContent = "dealing…";
    renderPlay(await api("POST", "/api/play", { profile: $("#play-profile").value, level: +$("#play-level").value, seed: +$("#play-seed").value }));
  }));
  $("#play-hint").addEventListener("click", () => guarded(playHint));
  $("#play-next").addEventListener("click", () => guarded(async () => renderPlay(await api("POST", `/api/play/${state.play.id}/next`))));
  $("#play-review").addEventListener("click", () => guarded(async () => {
    $("#review-text").value = await (await fetch(`/api/play/${state.play.id}/record`)).text();
    $("#review-seat").value = state.play.seat; switchTab("review");
  }));
  $("#review-go").addEventListener("click", () => guarded(runReview));
  $("#review-stop").addEventListener("click", () => guarded(async () => { if (state.reviewSearch) await api("POST", `/api/searches/${state.reviewSearch}/stop`); }));
  $("#review-metric").addEventListener("change", () => { if (state.review) reviewGraph(state.review); });
  $("#open-deal").addEventListener("click", () => guarded(() => solveOpen({ profile: $("#open-profile").value, seed: +$("#open-seed").value, moves: [] })));
  $("#open-read").addEventListener("click", () => guarded(() => solveOpen({ position: $("#open-text").value.trim(), moves: [] })));
  $("#open-undo").addEventListener("click", () => guarded(() => solveOpen({ ...state.open.req, moves: state.open.req.moves.slice(0, -1) })));
  document.body.dataset.ready = "true";
}
main().catch(showError);
