// The table as one seat sees it, drawn from the games API's observation (docs/table.md
// "Observation"): the other seats (tiles held, melds, flowers, discards; where the family has
// them, the void suit declared, a seat out of play, winning tiles set aside), the wall, the wild
// indicator, whose move it is, and the seat's own melds. The hand itself is play.js's: its tiles
// are the buttons of a discard.
import { el, expand, t, tileEl } from "./common.js";

/** Where a seat sits from `me`: 0 me, 1 right (下家), 2 across, 3 left (上家). */
export const place = (seat, me, n = 4) => (seat - me + n) % n;

/** A seat's name as the player sees it: you, right, across, left. */
export function seatName(seat, me) {
  return t(["seat.you", "from.right", "from.across", "from.left"][place(seat, me)]);
}

const WIND = ["E", "S", "W", "N"];

/** A seat's wind letter this hand: the dealer is East. */
export const seatWind = (seat, dealer, n = 4) => WIND[(seat - dealer + n) % n];

function meldEl(meld) {
  if (!meld.tiles) {          // another seat's concealed kong: face down
    return el("span", { class: "group meld-face-down", title: t("kong.concealed") },
      ...[0, 1, 2, 3].map(() => tileEl("back", { small: true, extra: "mini", title: t("kong.concealed") })));
  }
  return el("span", { class: "group", dataset: { meld: meld.type } },
    ...expand(meld.tiles).map((k, i) => tileEl(meld.concealed && (i === 0 || i === 3) ? "back" : k,
      { small: true, extra: "mini", title: k })));
}

function seatRow(view, obs, { wilds }) {
  const me = obs.seat;
  const here = place(view.seat, me);
  const turn = obs.turn === view.seat && obs.phase !== "over";
  const head = el("div", { class: "seat-head" },
    el("strong", { text: seatName(view.seat, me) }),
    el("span", { class: "muted", text: ` ${t(`wind.${seatWind(view.seat, obs.dealer)}`)}` }),
    view.seat === obs.dealer ? el("span", { class: "badge-inline", text: t("play.dealer") }) : null,
    here ? el("span", { class: "muted count", text: t("play.held", { n: view.concealed }) }) : null,
    turn ? el("span", { class: "badge-inline turn", text: t("play.turn") }) : null,
    obs.voids?.[view.seat] ? el("span", { class: "badge-inline void", dataset: { void: obs.voids[view.seat] },
      text: t("play.void", { suit: t(`suit.${obs.voids[view.seat]}`) }) }) : null,
    obs.out?.includes(view.seat) ? el("span", { class: "badge-inline out", text: t("play.out") }) : null,
    obs.paid ? el("span", { class: "muted paid", dataset: { paid: view.seat }, title: t("play.paid"),
      text: ` ${obs.paid[view.seat] > 0 ? "+" : ""}${obs.paid[view.seat]}` }) : null,
    obs.won?.[view.seat] ? el("span", { class: "won-inline", title: t("play.won.tiles") },
      expand(obs.won[view.seat]).map((k) => tileEl(k, { small: true, extra: "mini win" }))) : null,
    el("span", { class: "melds-inline" }, view.melds.map(meldEl)),
    view.bonus ? el("span", { class: "flowers-inline", title: t("flowers") },
      expand(view.bonus).map((k) => tileEl(k, { small: true, extra: "mini" }))) : null);
  const pool = el("div", { class: "pool", dataset: { pool: view.seat } },
    view.pool.map((k, i) => {
      const last = i === view.pool.length - 1 && obs.phase !== "turn" && obs.turn === view.seat && obs.tile === k;
      return tileEl(k, { small: true, extra: ["mini", wilds.has(k) ? "wild" : "", last ? "claimable" : ""].join(" ").trim() });
    }));
  return el("div", { class: `seat-row place-${here}${turn ? " moving" : ""}`, dataset: { seat: view.seat } }, head, pool);
}

/** Draw the board of an observation: the three other seats in `opponents` (right, across,
 * left), the table's line in `info`, the seat's own melds, flowers and discards in `mine`. */
export function drawBoard(obs, { opponents, info, mine }) {
  const wilds = new Set(expand(obs.wilds));
  const views = [...obs.seats].sort((a, b) => place(b.seat, obs.seat) - place(a.seat, obs.seat));
  opponents.replaceChildren(...views.filter((v) => v.seat !== obs.seat).map((v) => seatRow(v, obs, { wilds })));
  mine.replaceChildren(seatRow(obs.seats[obs.seat], obs, { wilds }));
  const parts = [
    el("span", { id: "wall-left", text: t("play.wall", { n: obs.wall_left }) }),
    el("span", { text: t("play.round", { wind: t(`wind.${obs.round_wind}`) }) }),
  ];
  if (wilds.size) {
    parts.push(el("span", { id: "wild-indicator", class: "wild-indicator" },
      el("span", { text: `${t("play.wilds")}: ` }), [...wilds].map((k) => tileEl(k, { small: true, extra: "mini wild" })),
      obs.turned?.length ? el("span", { class: "muted", text: ` (${t("play.turned")} ` }) : null,
      (obs.turned || []).map((k) => tileEl(k, { small: true, extra: "mini" })),
      obs.turned?.length ? el("span", { class: "muted", text: ")" }) : null));
  } else if (obs.turned?.length) {
    parts.push(el("span", { id: "wild-indicator" }, `${t("play.turned")}: `,
      obs.turned.map((k) => tileEl(k, { small: true, extra: "mini" }))));
  }
  info.replaceChildren(...parts);
}
