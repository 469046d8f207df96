// arbiter's page. Plain script, no framework, no build step. Its only backend is the
// HTTP/JSON API (/v1/...) plus POST /ui/pgn, which reads pasted PGN. It knows no game's
// rules: positions, moves, natures and pictures come from the server, so rulesets of
// other games show here unchanged.
"use strict";

// ---- small DOM helpers ------------------------------------------------------------------

// el builds an element: el("td", {class: "x"}, "text", childNode, ...). Text is always
// inserted as text, never as HTML.
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

const $ = (id) => document.getElementById(id);
const zh = (text) => el("span", {lang: "zh"}, text);

// ---- terms, English with the Chinese of the rulebooks (as the CLI prints them) ------------

const TERMS = {
  NATURE_CHECK: ["check", "将"],
  NATURE_MATE_THREAT: ["mate threat", "杀"],
  NATURE_CHASE: ["chase", "捉"],
  NATURE_EXCHANGE: ["exchange offer", "兑"],
  NATURE_OFFER: ["offer", "献"],
  NATURE_BLOCK: ["block", "拦"],
  NATURE_FOLLOW: ["follow", "跟"],
  NATURE_IDLE: ["idle", "闲"],
  VERDICT_DRAW: ["draw", "不变作和"],
  VERDICT_RED_MUST_CHANGE: ["Red must change", "红方变着"],
  VERDICT_BLACK_MUST_CHANGE: ["Black must change", "黑方变着"],
  SIDE_RED: ["Red", "红"],
  SIDE_BLACK: ["Black", "黑"],
  RESULT_ONGOING: ["ongoing", "未完"],
  RESULT_RED_WINS: ["Red wins", "红胜"],
  RESULT_BLACK_WINS: ["Black wins", "黑胜"],
  RESULT_DRAW: ["draw", "和棋"],
  ROOT_STATUS_ROOTED: ["rooted", "有根"],
  ROOT_STATUS_UNROOTED: ["unrooted", "无根"],
  ROOT_STATUS_FALSE_ROOT: ["false root", "假根"],
  ROOT_STATUS_INSUFFICIENT_ROOT: ["insufficient root", "少根"],
  TERMINATION_NATURAL_MOVE_LIMIT: ["natural move limit", "自然限着"],
  TERMINATION_PERPETUAL_CHECK: ["perpetual check", "长将"],
  TERMINATION_PERPETUAL_CHASE: ["perpetual chase", "长捉"],
  TERMINATION_PERPETUAL_MATE_THREAT: ["perpetual mate threat", "长杀"],
  TERMINATION_CHECKMATE: ["checkmate", "将死"],
  TERMINATION_STALEMATE: ["stalemate", "困毙"],
  // The other games (banqi, chu shogi).
  VERDICT_SENTE_MUST_CHANGE: ["Sente must change", "先手変着"],
  VERDICT_GOTE_MUST_CHANGE: ["Gote must change", "後手変着"],
  SIDE_SENTE: ["Sente", "先手"],
  SIDE_GOTE: ["Gote", "後手"],
  RESULT_SENTE_WINS: ["Sente wins", "先手勝ち"],
  RESULT_GOTE_WINS: ["Gote wins", "後手勝ち"],
  NATURE_ATTACK: ["attack", "攻"],
  NATURE_FLIP: ["flip", "翻"],
  NATURE_CAPTURE: ["capture", "吃"],
  TERMINATION_ELIMINATION: ["elimination", "无子可走"],
  TERMINATION_NO_LEGAL_MOVE: ["no legal move", "无着可走"],
  TERMINATION_PERPETUAL_ATTACK: ["perpetual attack", "长攻"],
  TERMINATION_LONG_CHASE: ["long chase", "長追"],
  TERMINATION_NO_PROGRESS: ["no progress", "无进展和"],
  TERMINATION_ROYAL_CAPTURED: ["royal pieces captured", "王取り"],
  TERMINATION_BARE_KING: ["bare king", "裸王"],
  TERMINATION_KING_AGAINST_KING: ["king against king", "王対王"],
};

// GAME_TERMS holds a game's own words where they differ from xiangqi's: chu shogi speaks
// shogi's Japanese (千日手, 王手, 駒取り), never 不变作和 or 闲. The same words as the server's
// (rules/chu/terms.go) and the CLI's.
const GAME_TERMS = {
  "chu-shogi": {
    lang: "ja",
    NATURE_CHECK: ["check", "王手"],
    NATURE_ATTACK: ["attack", "当たり"],
    NATURE_CAPTURE: ["capture", "駒取り"],
    NATURE_IDLE: ["quiet move", "静かな手"],
    VERDICT_DRAW: ["draw by repetition", "千日手"],
    VERDICT_SENTE_MUST_CHANGE: ["Sente must change (break the repetition)", "先手が打開"],
    VERDICT_GOTE_MUST_CHANGE: ["Gote must change (break the repetition)", "後手が打開"],
    RESULT_ONGOING: ["ongoing", "対局中"],
    RESULT_DRAW: ["draw", "引き分け"],
    TERMINATION_REPETITION_DRAW: ["repetition draw", "千日手"],
    TERMINATION_PERPETUAL_CHECK: ["perpetual check", "連続王手の千日手"],
    TERMINATION_PERPETUAL_ATTACK: ["perpetual attack", "連続攻めの千日手"],
    TERMINATION_ROYAL_CAPTURED: ["royal pieces captured", "玉取り"],
    TERMINATION_BARE_KING: ["bare king", "裸玉"],
    TERMINATION_KING_AGAINST_KING: ["king against king", "玉対玉"],
    TERMINATION_NO_LEGAL_MOVE: ["no legal move", "指し手なし"],
    PATTERN_ALLOWED: ["may repeat", "千日手可"],
    PATTERN_FORBIDDEN: ["must change", "打開が必要"],
    PATTERNS: ["Each side's moves in the repetition", "千日手"],
  },
};
GAME_TERMS.banqi = {
  // Banqi's one word for each piece (docs/rules/banqi.md): the general, not the king.
  PIECE_TYPE_KING: ["general", "帥/將"],
  PIECE_TYPE_ROOK: ["chariot", "俥/車"],
  PIECE_TYPE_PAWN: ["soldier", "兵/卒"],
};
// The words of xiangqi (and banqi) for what GAME_TERMS also names.
TERMS.PATTERN_ALLOWED = ["allowed", "允许"];
TERMS.PATTERN_FORBIDDEN = ["forbidden", "禁止"];
TERMS.PATTERNS = ["Each side's pattern", "棋例"];

// lookup finds a term in the game's own words first ("chu-shogi"), then xiangqi's.
function lookup(name, game) {
  const g = GAME_TERMS[game];
  return (g && g[name]) || TERMS[name];
}

// native marks text in the game's own language (Japanese for chu shogi, else Chinese).
function native(text, game) {
  const g = GAME_TERMS[game];
  return el("span", {lang: (g && g.lang) || "zh"}, text);
}

// humanize turns an enum name the page has no term for into words: a new value of a new
// game's ruleset still reads ("PIECE_TYPE_DRAGON_KING" -> "dragon king").
function humanize(name) {
  const s = String(name || "");
  const prefixes = ["PIECE_TYPE_", "THREAT_EXCEPTION_", "ROOT_STATUS_", "TERMINATION_", "GAME_STATUS_",
    "CASE_STATUS_", "NATURE_", "VERDICT_", "RESULT_", "SIDE_"];
  for (const p of prefixes) {
    if (s.startsWith(p)) return s.slice(p.length).toLowerCase().replaceAll("_", " ");
  }
  return s.toLowerCase().replaceAll("_", " ");
}

// term renders an enum value as "english 中文" (or just English when there is no Chinese
// term), in the words of the game when it is given ("chu-shogi": "check 王手").
function term(name, game) {
  const t = lookup(name, game);
  if (!t) return el("span", {class: "term"}, humanize(name));
  return el("span", {class: "term"}, t[0], " ", native(t[1], game));
}

function termText(name, game) {
  const t = lookup(name, game);
  return t ? t[0] + " " + t[1] : humanize(name);
}

// gameOf is the game of a ruleset id (with or without overrides), from the listing.
function gameOf(id) {
  const base = String(id || "").split("+")[0].toLowerCase();
  return ((state.rulesets || []).find((x) => x.id === base) || {}).game || "";
}

// natureMarks writes natures as their one-word native terms ("将 闲", "王手 静かな手").
function natureMarks(natures, game) {
  return (natures || []).map((n) => { const t = lookup(n, game); return t ? t[1] : humanize(n); }).join(" ");
}

// pieceText names a piece in words, "red general c5", "gote dragon king 2c": the game's
// word the server sends (banqi and chu shogi fill word), else its type in the game's word
// (xiangqi's king and rook), and its letter code only when nothing names it.
function pieceText(p, game) {
  if (!p) return "";
  const t = p.type ? lookup(p.type, game) : null;
  const type = p.word || (t ? t[0] : (p.type ? humanize(p.type) : ""));
  return [p.side ? humanize(p.side) : "", type, type ? "" : (p.name || ""), p.square || ""].filter(Boolean).join(" ");
}

const GAME_NAMES = {"xiangqi": "Xiangqi 象棋", "banqi": "Banqi 暗棋", "chu-shogi": "Chu shogi 中将棋"};

// ---- the API ------------------------------------------------------------------------------

// ApiError is a failed call: the google.rpc.Status of the body when there is one.
class ApiError extends Error {
  constructor(httpStatus, status) {
    super(status.message || "HTTP " + httpStatus);
    this.httpStatus = httpStatus;
    this.status = status;
  }
}

async function api(method, path, body, contentType) {
  const init = {method, headers: {Accept: "application/json"}};
  if (body !== undefined) {
    init.body = typeof body === "string" || body instanceof ArrayBuffer ? body : JSON.stringify(body);
    init.headers["Content-Type"] = contentType || "application/json";
  }
  let resp;
  try {
    resp = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, {message: "cannot reach the arbiter server (" + e.message + ")"});
  }
  const text = await resp.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : {};
  } catch (e) {
    data = null;
  }
  if (!resp.ok) {
    throw new ApiError(resp.status, data && typeof data === "object" ? data : {message: text.trim() || resp.statusText});
  }
  if (data === null) throw new ApiError(resp.status, {message: "the server's answer is not JSON"});
  return data;
}

// errorView shows an API error as the API gives it: the field, the ply, the reason, the
// description, never a blank.
function errorView(err, context) {
  if (!(err instanceof ApiError)) {
    return el("div", {class: "error"}, el("strong", {}, context ? context + ": " : "", "error"), " ", String(err && err.message || err));
  }
  const st = err.status || {};
  const box = el("div", {class: "error", "data-http-status": err.httpStatus});
  const code = st.code !== undefined ? " · " + grpcCodeName(st.code) : "";
  box.append(el("p", {class: "error-title"},
    el("strong", {}, context ? context + ": " : "", err.httpStatus === 0 ? "no answer" : "HTTP " + err.httpStatus + code)));
  let shown = false;
  let info = null;
  for (const d of st.details || []) {
    if ((d["@type"] || "").endsWith("google.rpc.ErrorInfo")) info = d;
  }
  for (const d of st.details || []) {
    if (!(d["@type"] || "").endsWith("google.rpc.BadRequest")) continue;
    for (const v of d.fieldViolations || []) {
      shown = true;
      const meta = (info && info.metadata) || {};
      const dl = el("dl", {class: "violation"},
        el("dt", {}, "field"), el("dd", {}, el("code", {class: "field-name"}, v.field || "")),
        meta.ply ? [el("dt", {}, "ply"), el("dd", {}, meta.ply)] : null,
        meta.move ? [el("dt", {}, "move"), el("dd", {}, el("code", {}, meta.move))] : null,
        v.reason ? [el("dt", {}, "reason"), el("dd", {}, el("code", {}, v.reason))] : null,
        el("dt", {}, "what"), el("dd", {class: "description"}, v.description || ""));
      box.append(dl);
    }
  }
  if (!shown) box.append(el("p", {class: "description"}, st.message || "unknown error"));
  else if (info && info.metadata && info.metadata.valid_rulesets) {
    box.append(el("p", {}, "Valid rulesets: " + info.metadata.valid_rulesets.split(",").join(", ")));
  }
  return box;
}

const GRPC_CODES = ["OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND",
  "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED",
  "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"];
function grpcCodeName(c) { return GRPC_CODES[c] || String(c); }

// badMoveIndex is the index of the move a field violation names ("moves[3]" -> 3), or -1.
function badMoveIndex(err) {
  if (!(err instanceof ApiError)) return -1;
  for (const d of (err.status && err.status.details) || []) {
    for (const v of d.fieldViolations || []) {
      const m = /^moves\[(\d+)\]$/.exec(v.field || "");
      if (m) return Number(m[1]);
    }
  }
  return -1;
}

// ---- state shared by the sections ---------------------------------------------------------

const state = {
  rulesets: [],          // from GET /v1/rulesets
  pictures: false,       // AdjudicateRequest has "svg" (from the OpenAPI document)
  plyPictures: false,    // and "plySvgs"
  incidentPictures: false, // and "incidentSvgs"
  perspective: false,    // and "perspective" (boards from the second player's side)
  pgnGames: null,        // games of the last pasted PGN
  pgnText: null,
  steppers: [],          // one per shown ruling
  activeStepper: null,
};

async function loadCapabilities() {
  try {
    const doc = await api("GET", "/openapi.json");
    const schemas = (doc.components && doc.components.schemas) || doc.definitions || {};
    const req = schemas.v1AdjudicateRequest || {};
    state.pictures = !!(req.properties && req.properties.svg);
    state.plyPictures = !!(req.properties && req.properties.plySvgs);
    state.incidentPictures = !!(req.properties && req.properties.incidentSvgs);
    state.perspective = !!(req.properties && req.properties.perspective);
    $("perspective-field").hidden = !state.perspective;
  } catch (e) {
    state.pictures = false;
  }
}

async function loadRulesets() {
  const box = $("rulesets");
  try {
    const data = await api("GET", "/v1/rulesets");
    state.rulesets = data.rulesets || [];
  } catch (err) {
    $("rulesets-loading").replaceWith(errorView(err, "rulesets"));
    return;
  }
  $("rulesets-loading").remove();
  const more = box.querySelector(".more-rulesets");
  // Grouped by game, xiangqi first: a history is written in one game's notation.
  const games = [...new Set(state.rulesets.map((rs) => rs.game || "xiangqi"))]
    .sort((a, b) => (a === "xiangqi" ? -1 : b === "xiangqi" ? 1 : a.localeCompare(b)));
  const selGroups = new Map();
  for (const g of games) {
    const group = el("div", {class: "game-group", role: "group", "aria-labelledby": "game-" + g},
      el("p", {class: "game-name", id: "game-" + g}, GAME_NAMES[g] || g));
    more.before(group);
    for (const sel of [$("cases-ruleset"), $("verify-ruleset")]) {
      const og = el("optgroup", {label: GAME_NAMES[g] || g});
      sel.append(og);
      selGroups.set(sel.id + "|" + g, og);
    }
    state.rulesets.filter((rs) => (rs.game || "xiangqi") === g).forEach((rs) => {
      const id = "rs-" + rs.id;
      group.append(el("div", {class: "check"},
        el("input", {type: "checkbox", id, name: "ruleset", value: rs.id, checked: rs.id === "chinese" || (rs === state.rulesets[0] && !state.rulesets.some((r) => r.id === "chinese"))}),
        el("label", {for: id}, el("strong", {}, rs.id), " — ", rs.name || "", rs.edition ? " (" + rs.edition + ")" : "")));
      for (const sel of [$("cases-ruleset"), $("verify-ruleset")]) selGroups.get(sel.id + "|" + g).append(el("option", {value: rs.id}, rs.id));
    });
  }
}

// ---- judge: read the game, ask every chosen ruleset --------------------------------------

// readGame turns the textarea into {fen, moves, tags}: the server reads PGN (and bare move
// lists), so no notation is parsed here.
async function readGame() {
  const text = $("game").value;
  if (text.trim() === "") {
    state.pgnGames = null;
    $("pgn-choice").hidden = true;
    return {fen: $("fen").value.trim(), moves: [], tags: []};
  }
  if (text !== state.pgnText) {
    showGames(text, await api("POST", "/ui/pgn", text, "text/plain; charset=utf-8"));
  }
  if (!state.pgnGames || state.pgnGames.length === 0) {
    throw new ApiError(400, {code: 3, message: "no moves found in the game text", details: [{
      "@type": "type.googleapis.com/google.rpc.BadRequest",
      fieldViolations: [{field: "pgn", reason: "NO_MOVES", description: "no game or moves found in the text"}]}]});
  }
  const g = state.pgnGames[Number($("pgn-game").value) || 0];
  if (g.error) {
    // A record's game whose start or main line cannot be read (POST /ui/pgn says why).
    throw new ApiError(400, {code: 3, message: g.error, details: [{
      "@type": "type.googleapis.com/google.rpc.BadRequest",
      fieldViolations: [{field: "pgn", reason: "INVALID_RECORD", description: g.error}]}]});
  }
  return {fen: g.fen || $("fen").value.trim(), moves: g.moves, tags: g.tags};
}

// showGames keeps the games POST /ui/pgn read from text (the textarea's content, or the
// line standing for a dropped file) and offers the choice of one.
function showGames(text, data) {
  state.pgnText = text;
  state.pgnGames = data.games || [];
  const sel = $("pgn-game");
  sel.replaceChildren();
  state.pgnGames.forEach((g, i) => {
    const tag = (n) => (g.tags.find((t) => t.name.toLowerCase() === n) || {}).value || "";
    const label = [tag("event"), [tag("red"), tag("black")].filter(Boolean).join(" – "), tag("date")].filter(Boolean).join(", ");
    sel.append(el("option", {value: i}, "Game " + (i + 1) + (label ? ": " + label : "") + " (" + g.moves.length + " plies)"));
  });
  $("pgn-choice").hidden = state.pgnGames.length < 2;
  if (state.pgnGames.length > 0 && state.pgnGames[0].fen) $("fen").value = state.pgnGames[0].fen;
}

// readFile sends a dropped or chosen record file (PGN, XQF, DhtmlXQ, CBR, CBL, CBF; binary
// ones too) to POST /ui/pgn as it is, and stands a line naming it in the textarea: judging
// then uses the file's games until the textarea is edited.
async function readFile(file) {
  const box = $("game-file-status");
  try {
    const data = await api("POST", "/ui/pgn", await file.arrayBuffer(), "application/octet-stream");
    const games = data.games || [];
    const fmt = games.length ? games[0].format || "pgn" : "";
    const text = "; file " + file.name + (fmt ? " (" + fmt + ", " + games.length + (games.length === 1 ? " game)" : " games)") : "");
    $("game").value = text;
    showGames(text, data);
    box.replaceChildren(text.slice(2));
  } catch (err) {
    box.replaceChildren(errorView(err, file.name));
  }
}

function policy() {
  const p = {};
  const num = (id, key) => {
    const v = $(id).value.trim();
    if (v !== "") p[key] = Number(v);
  };
  num("loss-at", "lossAtOccurrence");
  num("draw-at", "drawAtOccurrence");
  num("natural-limit", "naturalMoveLimit");
  num("check-limit", "countedChecksLimit");
  num("no-draw-before", "noDrawBeforeMove");
  if ($("on-violation").value) p.onViolation = $("on-violation").value;
  return Object.keys(p).length ? p : undefined;
}

function chosenRulesets() {
  const ids = [...document.querySelectorAll('#rulesets input[name="ruleset"]:checked')].map((i) => i.value);
  for (const id of $("more-rulesets").value.split(",").map((x) => x.trim()).filter(Boolean)) {
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

async function judge(ev) {
  if (ev) ev.preventDefault();
  const errBox = $("judge-error");
  errBox.replaceChildren();
  $("results").replaceChildren();
  $("history").hidden = true;
  state.steppers = [];
  state.activeStepper = null;
  const ids = chosenRulesets();
  if (ids.length === 0) {
    errBox.append(el("div", {class: "error"}, el("strong", {}, "rulesets: "), "choose at least one ruleset"));
    return;
  }
  $("judge-busy").hidden = false;
  $("judge-button").disabled = true;
  try {
    let game;
    try {
      game = await readGame();
    } catch (err) {
      errBox.append(errorView(err, "game text"));
      showResults(errBox);
      return;
    }
    const base = {fen: game.fen, moves: game.moves, policy: policy()};
    state.lastFen = game.fen;
    if (state.pictures) base.svg = true;
    if (state.incidentPictures) base.incidentSvgs = true;
    const answers = await Promise.all(ids.map((id) => adjudicateWithPictures(requestFor(id, base))
      .then((r) => ({id, r}), (err) => ({id, err}))));
    showHistory(game);
    // The same bad input fails under every ruleset: say it once.
    const errs = answers.filter((a) => a.err);
    if (errs.length === answers.length && errs.every((a) => a.err.message === errs[0].err.message)) {
      errBox.append(errorView(errs[0].err));
      markBadMove(badMoveIndex(errs[0].err));
      showResults(errBox);
      return;
    }
    for (const a of answers) {
      if (a.err) {
        $("results").append(el("section", {class: "ruling"}, el("h3", {}, a.id), errorView(a.err, a.id)));
        markBadMove(badMoveIndex(a.err));
      } else {
        try {
          $("results").append(rulingView(a.r, base));
        } catch (e) { // an answer this page cannot lay out still says something
          $("results").append(el("section", {class: "ruling"}, el("h3", {}, a.id),
            el("div", {class: "error"}, el("strong", {}, "This page could not show the answer: "), String(e && e.message || e)),
            el("pre", {class: "raw"}, JSON.stringify(a.r, null, 2))));
        }
      }
    }
    if (answers.length > 1) $("results").prepend(agreementView(answers));
    numberHistory(answers);
    // A link that opens this ruling again (to share a dispute's ruling).
    const link = judgeLink(ids, game);
    history.replaceState(null, "", link);
    $("results").prepend(el("p", {class: "share"}, el("a", {href: link}, "Link to this ruling")));
    showResults();
  } finally {
    $("judge-busy").hidden = true;
    $("judge-button").disabled = false;
  }
}

// secondSide says whether the boards are drawn from the second player's side.
function secondSide() {
  return state.perspective && $("perspective").value === "second";
}

// requestFor is the request for one ruleset: the history, and the side the pictures are
// drawn from in that game's words (Black for xiangqi and banqi, gote for chu shogi).
function requestFor(id, base) {
  const req = Object.assign({}, base, {ruleset: id});
  if (secondSide()) req.perspective = gameOf(id) === "chu-shogi" ? "SIDE_GOTE" : "SIDE_BLACK";
  return req;
}

// adjudicateWithPictures asks for the ruling with a picture per ply when the server draws
// them; a history too long for ply pictures (the server says so on "ply_svgs") is asked
// again without them, and the stepper then fetches the pictures it shows one by one.
async function adjudicateWithPictures(req) {
  if (!state.plyPictures) return api("POST", "/v1/adjudicate", req);
  try {
    return await api("POST", "/v1/adjudicate", Object.assign({plySvgs: true}, req));
  } catch (err) {
    if (err instanceof ApiError && violationField(err) === "ply_svgs") return api("POST", "/v1/adjudicate", req);
    throw err;
  }
}

function violationField(err) {
  for (const d of (err.status && err.status.details) || []) {
    for (const v of d.fieldViolations || []) return v.field;
  }
  return "";
}

// judgeLink is the page's address that judges this history under these rulesets:
// #judge?r=chinese,asian&fen=...&moves=f0e0+e8f8
function judgeLink(ids, game) {
  const q = new URLSearchParams();
  q.set("r", ids.join(","));
  if (game.fen) q.set("fen", game.fen);
  q.set("moves", game.moves.join(" "));
  if (secondSide()) q.set("view", "second");
  return "#judge?" + q.toString();
}

// judgeFromLink fills the form from such a link and judges.
function judgeFromLink(query) {
  const q = new URLSearchParams(query);
  $("fen").value = q.get("fen") || "";
  $("game").value = q.get("moves") || "";
  $("perspective").value = q.get("view") === "second" ? "second" : "";
  const want = (q.get("r") || "").split(",").map((x) => x.trim()).filter(Boolean);
  const known = new Set(state.rulesets.map((r) => r.id));
  for (const i of document.querySelectorAll('#rulesets input[name="ruleset"]')) i.checked = want.includes(i.value);
  $("more-rulesets").value = want.filter((id) => !known.has(id)).join(", ");
  judge();
}

// showHistory lists the moves sent, so an error naming moves[i] can point at one.
function showHistory(game) {
  const h = $("history");
  h.replaceChildren();
  if (game.tags && game.tags.length) {
    h.append(el("dl", {class: "tags"}, game.tags.flatMap((t) => [el("dt", {}, t.name), el("dd", {}, t.value)])));
  }
  h.append(el("p", {}, el("strong", {}, "Start: "), el("code", {}, game.fen || "the standard start position")));
  if (game.moves.length) {
    const list = el("ol", {class: "move-tokens", "aria-label": "Moves sent"},
      game.moves.map((m, i) => el("li", {"data-index": i}, el("code", {}, m))));
    h.append(list);
    numberTokens(list.querySelectorAll("li"), moveNumbering(game.moves.length, null, "xiangqi", game.fen));
  }
  h.hidden = false;
}

// showChosenGame lists the moves of the game chosen in a PGN at once, before judging; the
// rulings shown are of another game, so they go.
function showChosenGame(g) {
  $("results").replaceChildren();
  $("judge-error").replaceChildren();
  state.steppers = [];
  state.activeStepper = null;
  showHistory({fen: g.fen || $("fen").value.trim(), moves: g.moves || [], tags: g.tags || []});
}

function markBadMove(i) {
  if (i < 0) return;
  const li = document.querySelector('#history .move-tokens li[data-index="' + i + '"]');
  if (li) {
    li.classList.add("bad");
    li.setAttribute("title", "this move is the one the error names");
  }
}

// agreementView compares the answers of every ruleset: the verdict, result and
// termination, and a move one ruleset refuses (at which ply) where another accepts it.
function agreementView(answers) {
  if (answers.length < 2) return el("span");
  const games = [...new Set(answers.map((a) => gameOf(a.id, a.r)))];
  if (games.length > 1) {
    return el("p", {class: "agreement games"}, "These rulesets belong to different games (",
      games.map((g) => g + ": " + answers.filter((a) => gameOf(a.id, a.r) === g).map((a) => a.id).join(", ")).join("; "),
      "), so their answers are not compared. One history is written in one game's notation: judge each game's rulesets on its own record.");
  }
  const key = (a) => a.err ? "refused|" + badMoveIndex(a.err) :
    [(a.r.ruling || {}).verdict, a.r.result, a.r.termination].join("|");
  const same = answers.every((a) => key(a) === key(answers[0]));
  const refused = answers.some((a) => a.err) && answers.some((a) => !a.err);
  return el("p", {class: "agreement " + (same ? "same" : "differ")},
    same ? "The rulesets agree." : refused ?
      "The rulesets disagree: a move one ruleset accepts is refused by another; compare below." :
      "The rulesets disagree: compare the verdicts below.");
}

// gameOf is the game of a ruleset id ("chu-lishogi+x=y" -> "chu-shogi"), from the
// answer when there is one, else from the listed rulesets.
function gameOf(id, r) {
  if (r && r.game) return r.game;
  const base = String(id || "").split("+")[0];
  const info = state.rulesets.find((x) => x.id === base);
  return (info && info.game) || "xiangqi";
}

// explanationSummary is the ruling's own reasons: the explanation up to the per-ply lines
// ("...\nply 994 捉: ..."), wherever the cycle starts.
function explanationSummary(why) {
  const text = String(why || "");
  const m = /\n(?=ply \d+ )/.exec(text);
  if (m) return text.slice(0, m.index);
  return text.split(/\s(?=ply \d+ \S+: )/)[0];
}

// showResults brings what judging produced into view (the form is a screen tall, and the
// answer used to land below it) and moves the keyboard focus to its first heading.
function showResults(target) {
  const box = target || $("results").querySelector(".agreement, .ruling") || $("results");
  box.scrollIntoView({block: "start"});
  const h = box.matches(".ruling") ? box.querySelector("h3") : null;
  if (h) {
    h.setAttribute("tabindex", "-1");
    h.focus({preventScroll: true});
  }
}

// ---- moves numbered as players number them --------------------------------------------------

// moveNumbering labels each ply as players write it: pairs for xiangqi and banqi
// ("1. 炮二平五 马８进７"; a record that starts with the second player's move opens with "1. …"),
// a number per move for chu shogi, as kifu do. sides are the plies' sides (empty: the
// players alternate from the first), fen the start position (a xiangqi FEN's move number
// is the first number). Returns [{no, first, label}] per ply: label is "12." on the first
// player's move (or on every chu shogi move), "12…" on a second player's move that opens a
// line, "" on the others (the move number is then in no).
function moveNumbering(n, sides, game, fen, firstPlayer) {
  const out = [];
  const parts = String(fen || "").trim().split(/\s+/);
  if (game === "chu-shogi") {
    const base = /^\d+$/.test(parts[3] || "") ? Number(parts[3]) : 1;
    for (let i = 0; i < n; i++) out.push({no: base + i, first: true, label: (base + i) + "."});
    return out;
  }
  let no = game === "xiangqi" && /^\d+$/.test(parts[5] || "") && Number(parts[5]) > 0 ? Number(parts[5]) : 1;
  const first = firstPlayer || "SIDE_RED";
  let prevFirst = null;
  for (let i = 0; i < n; i++) {
    let isFirst;
    if (sides && sides[i]) isFirst = sides[i] === first;
    else if (i === 0) isFirst = !(game === "xiangqi" && parts[1] === "b");
    else isFirst = !prevFirst;
    if (isFirst && prevFirst === true) no++; // a missing second move (cannot happen in a legal record)
    if (isFirst) out.push({no, first: true, label: no + "."});
    else out.push({no, first: false, label: i === 0 ? no + "…" : ""});
    if (!isFirst) no++;
    prevFirst = isFirst;
  }
  return out;
}

// numberingOf is the numbering of an answer's plies.
function numberingOf(r, fen) {
  const plies = r.plies || [];
  return moveNumbering(plies.length, plies.map((p) => p.side), r.game || gameOf(r.ruleset), fen, r.firstPlayer);
}

// numberHistory numbers the moves sent as the first answer numbers them.
function numberHistory(answers) {
  const a = answers.find((x) => x.r && (x.r.plies || []).length);
  const items = document.querySelectorAll("#history .move-tokens li");
  if (!items.length) return;
  const nums = a ? numberingOf(a.r, state.lastFen) : moveNumbering(items.length, null, "xiangqi", state.lastFen);
  numberTokens(items, nums);
}

function numberTokens(items, nums) {
  items.forEach((li, i) => {
    const old = li.querySelector(".move-no");
    if (old) old.remove();
    const x = nums[i];
    if (!x) return;
    li.classList.toggle("pair-start", x.first);
    if (x.label) li.prepend(el("span", {class: "move-no"}, x.label + " "));
    else li.prepend(el("span", {class: "sr-only move-no"}, x.no + "… "));
  });
}

// ---- one ruleset's ruling ----------------------------------------------------------------

function verdictClass(v) {
  if (v === "VERDICT_RED_MUST_CHANGE") return "verdict red";
  if (v === "VERDICT_BLACK_MUST_CHANGE") return "verdict black";
  if (v === "VERDICT_SENTE_MUST_CHANGE") return "verdict red";
  if (v === "VERDICT_GOTE_MUST_CHANGE") return "verdict black";
  if (v === "VERDICT_DRAW") return "verdict draw";
  return "verdict none";
}

function rulingView(r, request) {
  const info = state.rulesets.find((x) => x.id === r.ruleset) || {};
  const sec = el("section", {class: "ruling", "data-ruleset": r.ruleset, "aria-labelledby": "h-" + r.ruleset});
  sec.append(el("h3", {id: "h-" + r.ruleset}, r.ruleset,
    info.name ? el("span", {class: "edition"}, " · " + info.name + (info.edition ? " (" + info.edition + ")" : "")) : null));
  const ruling = r.ruling;
  const verdict = ruling ? ruling.verdict : "";
  sec.append(el("p", {class: verdictClass(verdict), "data-verdict": verdict || "none"},
    ruling ? term(verdict, r.game) : "No repetition at the end of the record: no ruling"));
  if (ruling && ruling.references && ruling.references.length) {
    sec.append(el("p", {class: "refs"}, "References: ", ruling.references.join(" · ")));
  }
  sec.append(el("dl", {class: "facts"},
    el("dt", {}, "Result"), el("dd", {}, term(r.result || "RESULT_UNSPECIFIED", r.game),
      r.termination ? [" (", term(r.termination, r.game), ")"] : null,
      r.decidedAtPly ? " at ply " + r.decidedAtPly : null),
    el("dt", {}, "Status"), el("dd", {}, humanize(r.status || "GAME_STATUS_UNSPECIFIED"))));
  // The ruling's own reasons up front; the response's explanation (which walks through
  // every ply, as the tables below do) folded away.
  const why = (ruling && ruling.explanation) || r.explanation || "";
  const summary = explanationSummary(why);
  if (summary) sec.append(el("p", {class: "explanation"}, summary));
  if (r.explanation && r.explanation !== summary) {
    sec.append(el("details", {class: "full-explanation"}, el("summary", {}, "Full explanation, ply by ply"), el("p", {}, r.explanation)));
  }

  if (r.officialCase) sec.append(officialCaseView(r));
  const stepper = stepperView(r, request);
  if ((r.incidents || []).length) sec.append(incidentsView(r, request, stepper.stepper));
  const body = el("div", {class: "ruling-body"});
  if (r.svg) body.append(pictureView(r.svg, "The cycle position with the moves of the cycle: " + termText(verdict, r.game)));
  if (r.cycle) body.append(cycleView(r));
  sec.append(body);
  sec.append(stepper);
  return sec;
}

// officialCaseView says which casebook case the history is, what the book rules and
// whether arbiter agrees (a known divergence says why it differs), with a link that
// opens the case in the casebook.
function officialCaseView(r) {
  const oc = r.officialCase;
  const src = String(oc.source || "");
  const parts = src.split(", ");
  const last = parts[parts.length - 1];
  const name = src && parts.length > 1 && last.length <= 12 ? src.split(" ")[0] + " " + last : oc.id;
  const bookVerdict = oc.verdict && oc.verdict !== "VERDICT_UNSPECIFIED" ? term(oc.verdict, r.game) : "no repetition ruling";
  const ours = r.ruling ? term(r.ruling.verdict, r.game) : "no ruling";
  const box = el("div", {class: "official-case", role: "note", "aria-label": "Casebook case"},
    el("p", {}, el("strong", {}, "This is ", el("span", {lang: "zh"}, name)), " (", el("code", {}, oc.id), oc.title ? ": " + oc.title : "", ")",
      oc.orientation && oc.orientation !== "original" ? ", " + oc.orientation : "", ". ",
      "The book rules ", el("span", {class: "book-verdict"}, bookVerdict), "; ",
      oc.knownDivergence ? ["arbiter differs: it rules ", ours, "."] : "arbiter agrees.",
      " ", el("a", {href: "#case=" + encodeURIComponent(oc.id), class: "open-case"}, "Open the case in the casebook")));
  if (oc.knownDivergence) {
    box.classList.add("differs");
    box.append(el("details", {class: "divergence"}, el("summary", {}, "Why arbiter differs from the book"), el("p", {}, oc.knownDivergence)));
  }
  return box;
}

// incidentsView lists every repetition of the record: its plies, occurrence, verdict,
// each side's pattern and what the policy did. Choosing one steps to the end of its cycle
// (the cycle's moves marked in the move list) and shows its picture.
function incidentsView(r, request, stepper) {
  const incidents = r.incidents || [];
  const nums = numberingOf(r, request.fen);
  const moveNo = (ply) => {
    const x = nums[ply - 1];
    return x ? (x.first ? x.no + "." : x.no + "…") : "ply " + ply;
  };
  const detail = el("div", {class: "incident-detail", "aria-live": "polite"});
  const box = el("section", {class: "incidents", "aria-label": "Repetitions in the record"},
    el("h4", {}, incidents.length === 1 ? "1 repetition in the record" : incidents.length + " repetitions in the record",
      " ", zh("重复局面")));
  const list = el("ol", {class: "incident-list"});
  const items = [];
  incidents.forEach((inc, i) => {
    const verdict = inc.ruling ? inc.ruling.verdict : "";
    const pats = ((inc.cycle && inc.cycle.patterns) || []).map((p) =>
      el("span", {class: "pattern " + (p.forbidden ? "forbidden" : "allowed")}, term(p.side), ": ", p.pattern || "", " ",
        native(p.patternChinese || "", r.game), " (", term(p.forbidden ? "PATTERN_FORBIDDEN" : "PATTERN_ALLOWED", r.game), ")"));
    const button = el("button", {type: "button", class: "incident", "aria-pressed": "false",
      "data-first-ply": inc.firstPly, "data-last-ply": inc.lastPly, onclick: () => choose(i)},
      el("span", {class: "incident-plies"}, "Plies ", inc.firstPly, "–", inc.lastPly, " (", moveNo(inc.firstPly), " to ", moveNo(inc.lastPly), ")"),
      " · occurrence ", inc.occurrence || 2, " · ",
      el("span", {class: verdictClass(verdict)}, verdict ? term(verdict, r.game) : "no ruling"),
      " · ", el("span", {class: "policy-did"}, policyDid(inc, r.game)),
      pats.length ? el("span", {class: "patterns-line"}, pats.flatMap((p, k) => (k ? ["; ", p] : [p]))) : null);
    items.push(button);
    list.append(el("li", {}, button));
  });
  const choose = (i) => {
    const inc = incidents[i];
    items.forEach((b, k) => b.setAttribute("aria-pressed", k === i ? "true" : "false"));
    if (stepper) stepper.showCycle(inc.firstPly, inc.lastPly);
    detail.replaceChildren(el("p", {}, el("strong", {}, "Plies ", inc.firstPly, "–", inc.lastPly, ": "), inc.explanation || ""));
    const svg = (r.incidentSvgs || [])[i];
    if (svg) detail.append(pictureView(svg, "Repetition at plies " + inc.firstPly + "–" + inc.lastPly + ": " + termText(inc.ruling ? inc.ruling.verdict : "", r.game)));
    // Stepping scrolled the move list into view; the incident chosen and its picture are
    // what the user looks at.
    items[i].scrollIntoView({block: "start"});
  };
  box.append(list, detail);
  return box;
}

// policyDid says what the policy did with an incident.
function policyDid(inc, game) {
  switch (inc.status) {
    case "GAME_STATUS_GAME_OVER":
      return "ended the game: " + termText(inc.result || "RESULT_UNSPECIFIED", game) +
        (inc.termination ? " (" + termText(inc.termination, game) + ")" : "") + " at ply " + inc.lastPly;
    case "GAME_STATUS_MOVE_FORBIDDEN":
      return "move refused at ply " + inc.lastPly;
    case "GAME_STATUS_RULING_WARNING":
      return "warning; the game goes on";
    default:
      return "allowed; the game goes on";
  }
}

// pictureView shows a server-drawn SVG as an image (an <img> runs no script).
function pictureView(svg, alt) {
  const url = URL.createObjectURL(new Blob([svg], {type: "image/svg+xml"}));
  const fig = el("figure", {class: "picture"}, el("img", {src: url, alt, class: "board-picture"}));
  // Larger on request: the board fills the ruling's width (again: back to its size).
  const zoom = el("button", {type: "button", class: "zoom", "aria-pressed": "false", onclick: () => {
    const on = fig.classList.toggle("zoomed");
    zoom.setAttribute("aria-pressed", on ? "true" : "false");
    zoom.textContent = on ? "Smaller board" : "Larger board";
  }}, "Larger board");
  fig.append(zoom);
  return fig;
}

function cycleView(r) {
  const c = r.cycle;
  const box = el("div", {class: "cycle"});
  box.append(el("p", {}, "Cycle: plies ", c.firstPly, "–", c.lastPly, ", the position's occurrence ", c.occurrence || 2));
  const pt = el("table", {class: "patterns"},
    el("caption", {}, lookup("PATTERNS", r.game)[0], " ", native(lookup("PATTERNS", r.game)[1], r.game)),
    el("thead", {}, el("tr", {}, el("th", {scope: "col"}, "Side"), el("th", {scope: "col"}, "Pattern"),
      el("th", {scope: "col"}, "Natures"), el("th", {scope: "col"}, "Ruling"))),
    el("tbody", {}, (c.patterns || []).map((p) => el("tr", {class: p.forbidden ? "forbidden" : "allowed"},
      el("th", {scope: "row"}, term(p.side)),
      el("td", {}, p.pattern || "", " ", native(p.patternChinese || "", r.game)),
      el("td", {}, natureMarks(p.natures, r.game)),
      el("td", {}, term(p.forbidden ? "PATTERN_FORBIDDEN" : "PATTERN_ALLOWED", r.game))))));
  box.append(pt);
  const plies = (r.plies || []).filter((p) => p.ply >= c.firstPly && p.ply <= c.lastPly);
  box.append(el("table", {class: "cycle-plies"},
    el("caption", {}, "The moves of the cycle with their nature and evidence"),
    el("thead", {}, el("tr", {}, el("th", {scope: "col"}, "Ply"), el("th", {scope: "col"}, "Move"),
      el("th", {scope: "col"}, "Nature"), el("th", {scope: "col"}, "Evidence"))),
    el("tbody", {}, plies.map((p) => el("tr", {},
      el("th", {scope: "row"}, cycleMoveNo(r, p), " ", term(p.side), el("div", {class: "muted ply-of"}, "ply ", p.ply)),
      el("td", {}, moveView(p.move)),
      el("td", {}, natureView(p, r.game)),
      el("td", {}, evidenceView(p, r.game)))))));
  return box;
}

// cycleMoveNo is a ply's move number as players write it ("12." or "12…").
function cycleMoveNo(r, p) {
  const nums = numberingOf(r, state.lastFen || "");
  const x = nums[(r.plies || []).indexOf(p)];
  if (!x) return p.ply + ".";
  return x.first ? x.no + "." : x.no + "…";
}

function moveView(m) {
  if (!m) return "";
  const parts = [];
  if (m.chinese) parts.push(el("span", {lang: "zh", class: "mv-zh"}, m.chinese));
  if (m.wxf) parts.push(el("span", {class: "mv-wxf"}, m.wxf));
  if (m.iccs) parts.push(el("code", {class: "mv-iccs"}, m.iccs));
  // Other games write their moves in their own fields (chu shogi: "canonical").
  for (const [k, v] of Object.entries(m)) {
    if (!["chinese", "wxf", "iccs"].includes(k) && typeof v === "string" && v) parts.push(el("code", {class: "mv-other", title: k}, v));
  }
  return el("span", {class: "move"}, parts.flatMap((p, i) => (i ? [" ", p] : [p])));
}

function moveLabel(m) {
  if (!m) return "";
  return m.chinese || m.wxf || m.iccs || Object.values(m).find((v) => typeof v === "string" && v) || "";
}

// natureView is the nature that counts (the ruleset's choice among the move's natures);
// the evidence beside it lists every threat, counted or not. "chase 捉 (also idle 闲)"
// read as a contradiction, so the others are not named here.
function natureView(p, game) {
  const n = p.nature || (p.natures && p.natures[0]);
  if (!n) return el("span", {class: "muted"}, p.check ? "check (not classified)" : "—");
  return el("span", {}, el("strong", {}, term(n, game)));
}

function evidenceView(p, game) {
  const box = el("div", {class: "evidence"});
  if (p.explanation) box.append(el("p", {}, p.explanation));
  const threats = p.threats || [];
  if (threats.length) {
    box.append(el("ul", {}, threats.map((t) => el("li", {class: t.counted ? "counted" : "not-counted"},
      el("strong", {}, t.counted ? "counted" : "not counted"), ": ",
      term(t.nature, game),
      t.target ? [" of ", pieceText(t.target, game)] : null,
      t.attackers && t.attackers.length ? [" by ", t.attackers.map((a) => pieceText(a, game)).join(" + ")] : null,
      t.joint ? [" (joint ", zh("联合"), ")"] : null,
      t.rootStatus ? [", ", term(t.rootStatus)] : null,
      t.exception ? [", exception: ", humanize(t.exception), t.exceptionDetail ? " (" + t.exceptionDetail + ")" : ""] : null,
      t.explanation ? el("div", {class: "why"}, t.explanation) : null))));
  }
  return box;
}

// ---- stepping through the moves ----------------------------------------------------------

// stepperView lists every ply; the arrow keys (or the buttons) move through them and show
// each ply's move, nature, evidence, position and, when the server draws them, its picture.
function stepperView(r, request) {
  const plies = r.plies || [];
  const s = {r, request, index: plies.length ? plies.length - 1 : -1, cache: new Map()};
  const nums = numberingOf(r, request.fen);
  s.nums = nums;
  const pairs = (r.game || gameOf(r.ruleset)) !== "chu-shogi";
  const list = el("ol", {class: "ply-list" + (pairs ? " pairs" : ""), role: "listbox", "aria-label": "Moves of " + r.ruleset, tabindex: "0"});
  plies.forEach((p, i) => {
    const inCycle = r.cycle && p.ply >= r.cycle.firstPly && p.ply <= r.cycle.lastPly;
    const x = nums[i] || {label: p.ply + "."};
    list.append(el("li", {role: "option", id: "ply-" + r.ruleset + "-" + p.ply, "data-index": i, "data-ply": p.ply,
      class: [inCycle ? "in-cycle" : "", x.first ? "first" : "second", i === 0 && !x.first ? "opens" : ""].filter(Boolean).join(" "),
      title: "ply " + p.ply, onclick: () => s.go(i)},
      x.label ? el("span", {class: "ply-no"}, x.label) : el("span", {class: "sr-only"}, x.no + "…"), " ", moveLabel(p.move)));
  });
  const detail = el("div", {class: "ply-detail", "aria-live": "polite"});
  const prev = el("button", {type: "button", "aria-label": "Previous ply", onclick: () => s.go(s.index - 1)}, "◀ previous");
  const next = el("button", {type: "button", "aria-label": "Next ply", onclick: () => s.go(s.index + 1)}, "next ▶");
  const first = el("button", {type: "button", "aria-label": "Start position", onclick: () => s.go(-1)}, "« start");
  const last = el("button", {type: "button", "aria-label": "Last ply", onclick: () => s.go(plies.length - 1)}, "last »");
  const box = el("details", {class: "stepper", open: true},
    el("summary", {}, "Step through the moves (", plies.length, " plies; arrow keys ← → , Home, End)"),
    el("div", {class: "stepper-controls"}, first, prev, next, last),
    el("div", {class: "stepper-body"}, list, detail));
  s.go = (i) => {
    s.index = Math.max(-1, Math.min(plies.length - 1, i));
    state.activeStepper = s;
    for (const li of list.children) {
      const on = Number(li.dataset.index) === s.index;
      li.classList.toggle("current", on);
      li.setAttribute("aria-selected", on ? "true" : "false");
      if (on) {
        list.setAttribute("aria-activedescendant", li.id);
        li.scrollIntoView({block: "nearest"});
      }
    }
    prev.disabled = s.index < 0;
    first.disabled = s.index < 0;
    next.disabled = s.index >= plies.length - 1;
    last.disabled = s.index >= plies.length - 1;
    s.render();
  };
  s.render = () => {
    detail.replaceChildren();
    if (s.index < 0) {
      detail.append(el("p", {}, el("strong", {}, "Start position")),
        el("p", {}, el("code", {class: "fen"}, request.fen || "the standard start position")));
      s.picture(0, detail);
      return;
    }
    const p = plies[s.index];
    const x = s.nums[s.index] || {};
    const moveNo = x.no ? (x.first ? x.no + ". " : x.no + "… ") : "";
    detail.append(
      el("p", {class: "ply-head"}, el("strong", {}, moveNo, "Ply ", p.ply, " · "), term(p.side), " · ", moveView(p.move),
        p.capture ? el("span", {class: "flag"}, " capture") : null, p.check ? el("span", {class: "flag"}, " check") : null),
      el("p", {}, natureView(p, r.game)),
      evidenceView(p, r.game),
      el("p", {class: "fen-line"}, "Position after it: ", el("code", {class: "fen"}, p.fen || "")));
    s.picture(p.ply, detail);
  };
  // picture shows the picture of the position after ply n: the response's per-ply
  // pictures when it has them, else (when the server draws pictures) the picture the
  // server draws for the history up to n, asked for once and kept.
  s.picture = (n, into) => {
    const svgs = r.plySvgs || [];
    if (svgs.length) {
      const svg = svgs.length === plies.length + 1 ? svgs[n] : svgs[n - 1];
      if (svg) into.append(pictureView(svg, "The position after ply " + n));
      return;
    }
    if (!state.pictures) return;
    if (n === plies.length && r.svg) {
      into.append(pictureView(r.svg, "The position after ply " + n));
      return;
    }
    const slot = el("div", {class: "picture-slot"});
    into.append(slot);
    let pending = s.cache.get(n);
    if (!pending) {
      pending = api("POST", "/v1/adjudicate", Object.assign(requestFor(r.ruleset, request), {moves: request.moves.slice(0, n), svg: true, plySvgs: false, incidentSvgs: false}))
        .then((x) => x.svg || "", () => "");
      s.cache.set(n, pending);
    }
    pending.then((svg) => {
      if (svg && slot.isConnected) slot.replaceWith(pictureView(svg, "The position after ply " + n));
    });
  };
  // showCycle marks an incident's plies in the list and steps to its last one.
  s.showCycle = (first, last) => {
    for (const li of list.children) {
      const ply = Number(li.dataset.ply);
      li.classList.toggle("in-incident", ply >= first && ply <= last);
    }
    const i = plies.findIndex((p) => p.ply === last);
    box.open = true;
    s.go(i >= 0 ? i : plies.length - 1);
  };
  box.stepper = s;
  list.addEventListener("keydown", (e) => stepKey(s, e));
  list.addEventListener("focus", () => { state.activeStepper = s; });
  state.steppers.push(s);
  if (!state.activeStepper) state.activeStepper = s;
  s.go(s.index);
  return box;
}

function stepKey(s, e) {
  const n = (s.r.plies || []).length;
  let to = null;
  if (e.key === "ArrowLeft" || e.key === "ArrowUp") to = s.index - 1;
  else if (e.key === "ArrowRight" || e.key === "ArrowDown") to = s.index + 1;
  else if (e.key === "Home") to = -1;
  else if (e.key === "End") to = n - 1;
  if (to === null) return false;
  e.preventDefault();
  s.go(to);
  return true;
}

// The arrow keys step through the moves anywhere on the page except in a text field.
document.addEventListener("keydown", (e) => {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  const t = e.target;
  if (t && (t.closest("input, textarea, select, [contenteditable]") || t.closest(".ply-list"))) return;
  if (!state.activeStepper || $("judge").hidden) return;
  if (e.key === "ArrowLeft" || e.key === "ArrowRight" || e.key === "Home" || e.key === "End") stepKey(state.activeStepper, e);
});

// ---- casebook ------------------------------------------------------------------------------

async function listCases(ev) {
  if (ev) ev.preventDefault();
  const q = new URLSearchParams();
  if ($("cases-ruleset").value) q.set("ruleset", $("cases-ruleset").value);
  if ($("cases-tag").value.trim()) q.set("tag", $("cases-tag").value.trim());
  const source = $("cases-book").value.trim();
  if ($("cases-kind").value) q.set("constructed", $("cases-kind").value);
  $("cases-error").replaceChildren();
  let data;
  try {
    data = await api("GET", "/v1/cases" + (q.toString() ? "?" + q : ""));
  } catch (err) {
    $("cases-error").append(errorView(err, "casebook"));
    return;
  }
  const cases = (data.cases || []).filter((c) => sourceMatches(c, source));
  const tags = new Set();
  const body = $("cases-table").tBodies[0];
  body.replaceChildren();
  for (const c of cases) {
    (c.tags || []).forEach((t) => tags.add(t));
    const src = c.source || {};
    body.append(el("tr", {},
      el("th", {scope: "row"}, el("a", {href: "#case=" + encodeURIComponent(c.id)}, c.id)),
      el("td", {class: "title"}, c.title || ""),
      el("td", {class: "source", title: src.book || ""}, src.constructed ? ["constructed", src.clause ? el("div", {class: "muted"}, src.clause) : null]
        : [el("span", {lang: "zh"}, src.reference || ""), el("div", {class: "muted"}, shortBook(src.book))]),
      el("td", {}, (c.expectations || []).map((x) => el("div", {}, x.ruleset, ": ", expectText(x),
        x.knownDivergence ? el("span", {class: "flag"}, " (known divergence)") : null))),
      el("td", {class: "case-tags"}, (c.tags || []).join(", "))));
  }
  if (tags.size && !$("tag-list").children.length) {
    [...tags].sort().forEach((t) => $("tag-list").append(el("option", {value: t})));
  }
  $("cases-table").hidden = cases.length === 0;
  $("cases-count").textContent = cases.length + (cases.length === 1 ? " case" : " cases") + (source ? " matching “" + source + "”" : "");
}

// sourceMatches is `arbiter casebook list --source` (casebook.Filter.Source): the text,
// case-insensitive, in the case's id, source book or reference (图12, 参考图3, 26.2), or
// "constructed" for a constructed case.
function sourceMatches(c, text) {
  if (!text) return true;
  const src = c.source || {};
  let hay = [c.id || "", src.book || "", src.reference || ""].join("\n");
  if (src.constructed) hay += "\nconstructed";
  return hay.toLowerCase().includes(text.toLowerCase());
}

// expectText is what an expectation asks for: the verdict and, when the case gives it,
// the result with the ply that decides it ("Black must change 黑方变着; Red wins 红胜 at
// ply 9"); for another game's case, a move refused (its ply and reason); else "no ruling".
function expectText(x) {
  if (x.rejectedPly) return "ply " + x.rejectedPly + " refused" + (x.rejectedReason ? " (" + x.rejectedReason + ")" : "");
  const parts = [];
  if (x.verdict && x.verdict !== "VERDICT_UNSPECIFIED") parts.push(termText(x.verdict));
  if (x.result && x.result !== "RESULT_UNSPECIFIED") parts.push(termText(x.result) + (x.decidedAtPly ? " at ply " + x.decidedAtPly : ""));
  return parts.length ? parts.join("; ") : "no ruling";
}

// shortBook shortens a source book to its first words ("CXA 象棋竞赛规则 (2020 edition), chapter 6" -> "CXA 象棋竞赛规则").
function shortBook(book) {
  const b = String(book || "");
  const cut = b.search(/[(,]/);
  return (cut > 0 ? b.slice(0, cut) : b).trim();
}

async function openCase(id) {
  showSection("casebook");
  const box = $("case-detail");
  box.hidden = false;
  box.replaceChildren(el("p", {}, "Loading ", id, "…"));
  let c;
  try {
    c = (await api("GET", "/v1/cases/" + encodeURIComponent(id))).case || {};
  } catch (err) {
    box.replaceChildren(errorView(err, "case " + id));
    return;
  }
  const src = c.source || {};
  box.replaceChildren(
    el("h3", {}, c.id, ": ", c.title || ""),
    el("dl", {class: "facts"},
      el("dt", {}, "Source"), el("dd", {}, src.book || "", src.reference ? " · " + src.reference : "",
        src.constructed ? " (constructed)" : "", src.clause ? " · " + src.clause : ""),
      el("dt", {}, "Start"), el("dd", {}, el("code", {class: "fen"}, c.fen || "the standard start position")),
      el("dt", {}, "Moves"), el("dd", {}, el("code", {}, c.moves || "")),
      (c.tags || []).length ? [el("dt", {}, "Tags"), el("dd", {}, c.tags.join(", "))] : null),
    c.explanation ? el("p", {class: "explanation"}, c.explanation) : null,
    el("table", {class: "expectations"},
      el("caption", {}, "What the case expects"),
      el("thead", {}, el("tr", {}, el("th", {scope: "col"}, "Ruleset"), el("th", {scope: "col"}, "Expected"),
        el("th", {scope: "col"}, "Natures"), el("th", {scope: "col"}, "Chased"), el("th", {scope: "col"}, "Known divergence"))),
      el("tbody", {}, (c.expectations || []).map((x) => el("tr", {},
        el("th", {scope: "row"}, x.ruleset),
        el("td", {}, expectText(x)),
        el("td", {}, natureMarks(x.natures, gameOf(x.ruleset))),
        el("td", {}, (x.chased || []).join(", ")),
        el("td", {}, x.knownDivergence || ""))))),
    el("p", {}, el("button", {type: "button", class: "judge-case", onclick: () => judgeCase(c)}, "Judge this case ", zh("裁判"))));
  if (state.pictures) {
    const slot = el("div", {class: "case-diagram"});
    box.querySelector("dl.facts").after(slot);
    caseDiagram(c, slot);
  }
  box.focus();
}

// caseDiagram shows a case's diagram: the server's picture of its ruling under the case's
// first ruleset (the position the cycle starts and ends in, with the moves as arrows),
// from the side the judge form's "Boards seen from" names; a button turns it round.
async function caseDiagram(c, slot) {
  const x = (c.expectations || [])[0];
  if (!x) return;
  const req = requestFor(x.ruleset, {fen: c.fen || "", moves: String(c.moves || "").split(/\s+/).filter(Boolean), svg: true});
  if (c.policy) req.policy = c.policy;
  if (c.deal) req.deal = c.deal;
  let svg = "";
  try {
    svg = (await api("POST", "/v1/adjudicate", req)).svg || "";
  } catch (err) {
    slot.replaceChildren(el("p", {class: "muted"}, "No diagram: ", err.message || String(err)));
    return;
  }
  if (!svg || !slot.isConnected) return;
  const second = secondSide();
  const flip = el("button", {type: "button", class: "flip-board", "aria-pressed": second ? "true" : "false", onclick: () => {
    $("perspective").value = second ? "" : "second";
    caseDiagram(c, slot);
  }}, "View from " + (gameOf(x.ruleset) === "chu-shogi" ? (second ? "sente's" : "gote's") : (second ? "Red's" : "Black's")) + " side");
  slot.replaceChildren(el("h4", {}, "Diagram ", zh("图"), " with the moves, as arbiter rules them under ", x.ruleset),
    pictureView(svg, "Diagram of " + c.id + ": the position with the moves of the case as arrows"), state.perspective ? flip : null);
}

function judgeCase(c) {
  $("game").value = c.moves || "";
  $("fen").value = c.fen || "";
  $("more-rulesets").value = "";
  const want = new Set((c.expectations || []).map((x) => x.ruleset));
  for (const i of document.querySelectorAll('#rulesets input[name="ruleset"]')) {
    i.checked = want.size ? want.has(i.value) : i.checked;
  }
  location.hash = "#judge";
  showSection("judge");
  judge();
}

// ---- verify --------------------------------------------------------------------------------

async function verify(ev) {
  if (ev) ev.preventDefault();
  const req = {};
  if ($("verify-ruleset").value) req.ruleset = $("verify-ruleset").value;
  if ($("verify-tag").value.trim()) req.tag = $("verify-tag").value.trim();
  $("verify-error").replaceChildren();
  $("verify-busy").hidden = false;
  $("verify-button").disabled = true;
  // One call per ruleset, so the page can say how far it got.
  const ids = req.ruleset ? [req.ruleset] : state.rulesets.map((r) => r.id);
  const data = {results: []};
  const progress = $("verify-progress");
  progress.max = ids.length;
  progress.value = 0;
  progress.hidden = false;
  try {
    for (const [i, id] of ids.entries()) {
      $("verify-busy").textContent = "verifying " + id + " (" + (i + 1) + " of " + ids.length + ")…";
      const part = await api("POST", "/v1/casebook/verify", Object.assign({}, req, {ruleset: id}));
      for (const k of ["passed", "failed", "knownDivergences", "pending"]) data[k] = (data[k] || 0) + (part[k] || 0);
      data.results.push(...(part.results || []));
      progress.value = i + 1;
      state.verified = data;
      renderVerify();
    }
  } catch (err) {
    $("verify-error").append(errorView(err, "verify"));
    return;
  } finally {
    $("verify-busy").hidden = true;
    $("verify-busy").textContent = "verifying…";
    progress.hidden = true;
    $("verify-button").disabled = false;
  }
  state.verified = data;
  renderVerify();
}

function renderVerify() {
  const data = state.verified;
  if (!data) return;
  const n = (k) => data[k] || 0;
  $("verify-summary").textContent = n("passed") + " passed, " + n("failed") + " failed, " +
    n("knownDivergences") + " known divergences, " + n("pending") + " pending";
  $("verify-summary").className = "summary " + (n("failed") ? "bad" : "good");
  const only = $("verify-problems").checked;
  const body = $("verify-table").tBodies[0];
  body.replaceChildren();
  for (const x of data.results || []) {
    if (only && x.status === "CASE_STATUS_PASSED") continue;
    const natures = (a) => natureMarks(a, gameOf(x.ruleset));
    body.append(el("tr", {class: "status-" + humanize(x.status).replaceAll(" ", "-")},
      el("th", {scope: "row"}, el("a", {href: "#case=" + encodeURIComponent(x.id)}, x.id)),
      el("td", {}, x.ruleset),
      el("td", {}, humanize(x.status)),
      el("td", {}, x.expectedRejectedPly ? "ply " + x.expectedRejectedPly + " refused (" + (x.expectedRejectedReason || "any reason") + ")" : termText(x.expectedVerdict || "VERDICT_UNSPECIFIED"), x.expectedNatures ? el("div", {lang: "zh", class: "natures"}, natures(x.expectedNatures)) : null),
      el("td", {}, x.actualRejectedPly ? "ply " + x.actualRejectedPly + " refused (" + (x.actualRejectedReason || "") + ")" : termText(x.actualVerdict || "VERDICT_UNSPECIFIED"), x.actualNatures ? el("div", {lang: "zh", class: "natures"}, natures(x.actualNatures)) : null),
      el("td", {}, differsView(x))));
  }
  $("verify-table").hidden = false;
}

// differsView says what differs in the user's terms (the verdicts, and the plies whose
// nature differs: "ply 3: the book 兑 exchange offer, arbiter 捉 chase"); the maintainers'
// note behind a known divergence, which speaks of the code, is folded away.
function differsView(x) {
  if (x.status === "CASE_STATUS_PASSED") return "";
  const parts = [];
  if (x.expectedRejectedPly || x.actualRejectedPly) {
    if (x.message) parts.push(x.message);
  } else {
    const ev = x.expectedVerdict || "VERDICT_UNSPECIFIED", av = x.actualVerdict || "VERDICT_UNSPECIFIED";
    parts.push(ev === av ? "Same verdict (" + termText(ev) + ")." : "The book rules " + termText(ev) + "; arbiter rules " + termText(av) + ".");
    const en = x.expectedNatures || [], an = x.actualNatures || [];
    for (let i = 0; i < Math.max(en.length, an.length); i++) {
      if (en[i] && an[i] && en[i] !== an[i]) parts.push("Ply " + (i + 1) + ": the book " + natureWords(en[i]) + ", arbiter " + natureWords(an[i]) + ".");
    }
  }
  const note = String(x.message || "").replace(/^known divergence:\s*/, "");
  const box = el("div", {}, parts.join(" "));
  if (x.status === "CASE_STATUS_KNOWN_DIVERGENCE") {
    box.prepend(el("strong", {}, "Known divergence: "));
    if (note) box.append(el("details", {class: "note"}, el("summary", {}, "Maintainers' note"), el("p", {}, note)));
  } else if (x.status === "CASE_STATUS_FAILED" && note && !parts.includes(note)) {
    box.append(el("div", {class: "muted"}, note));
  }
  return box;
}

function natureWords(n) {
  const t = TERMS[n];
  return t ? t[1] + " " + t[0] : humanize(n);
}

// ---- sections ------------------------------------------------------------------------------

function showSection(name) {
  for (const s of ["judge", "casebook", "verify"]) $(s).hidden = s !== name;
  for (const a of document.querySelectorAll("nav a[data-section]")) {
    if (a.dataset.section === name) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
}

function route() {
  if (location.hash.startsWith("#judge?")) {
    showSection("judge");
    judgeFromLink(location.hash.slice("#judge?".length));
    return;
  }
  const h = decodeURIComponent(location.hash.slice(1));
  if (h.startsWith("case=")) {
    openCase(h.slice(5));
    return;
  }
  const name = ["judge", "casebook", "verify"].includes(h) ? h : "judge";
  showSection(name);
  if (name === "casebook" && !$("cases-table").tBodies[0].children.length) listCases();
}

async function main() {
  $("judge-form").addEventListener("submit", judge);
  // Ctrl+Enter (⌘+Enter) in the game text judges, as in most editors' "run".
  $("game").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      $("judge-form").requestSubmit();
    }
  });
  $("game").addEventListener("dragover", (e) => e.preventDefault());
  $("game").addEventListener("drop", (e) => {
    const f = e.dataTransfer && e.dataTransfer.files[0];
    if (!f) return; // dropped text goes into the textarea as usual
    e.preventDefault();
    readFile(f);
  });
  $("game-file").addEventListener("change", () => {
    if ($("game-file").files[0]) readFile($("game-file").files[0]);
  });
  $("cases-form").addEventListener("submit", listCases);
  $("verify-form").addEventListener("submit", verify);
  $("verify-problems").addEventListener("change", renderVerify);
  // The pictures are the server's: turning the boards round asks for them again.
  $("perspective").addEventListener("change", () => {
    if ($("results").querySelector(".ruling")) judge();
  });
  $("pgn-game").addEventListener("change", () => {
    const g = state.pgnGames && state.pgnGames[Number($("pgn-game").value)];
    if (g && g.fen) $("fen").value = g.fen;
    if (g) showChosenGame(g);
  });
  window.addEventListener("hashchange", route);
  if (!location.hash.startsWith("#judge?")) route();
  await Promise.all([loadCapabilities(), loadRulesets()]);
  if (location.hash.startsWith("#judge?")) route(); // needs the rulesets and capabilities
  document.body.dataset.ready = "true";
}

// Whatever goes wrong in the page itself is said on the page, not only in the console.
function pageError(e) {
  const box = $("page-error");
  if (!box) return;
  box.hidden = false;
  box.append(el("div", {class: "error"}, el("strong", {}, "Page error: "), String((e && (e.message || e.reason && e.reason.message || e.reason)) || e)));
}
window.addEventListener("error", pageError);
window.addEventListener("unhandledrejection", pageError);

main();
