// The variants the new-table form offers for each game, as labelled choices in the player's
// language (the engine's option fields stay behind them). A game or an option not named here is
// offered as a plain field; options that fix what chance deals are offered only for practice
// tables (each game lists them: /api/games `practice_options`).

import { h } from "./dom.js";
import { t } from "./i18n.js";

// game -> [{key, label, choices(players) -> [[value, label]]}] (a select) or {key, label, on, off} (a checkbox)
const VARIANTS = {
  drumroll: [{
    key: "first_player", label: "variant.firstPlayer",
    choices: (players) => [[-1, t("variant.random")], ...Array.from({ length: players }, (_, n) => [n, t("lobby.seat", { n: n + 1 })])],
  }],
  trollfest: [{
    key: "runoff_limit", label: "variant.runoffs",
    choices: () => [[3, "3"], [2, "2"], [1, "1"], [0, t("variant.runoffsNone")]],
  }],
  carcassonne: [{ key: "expansions", label: "variant.bigtop", on: ["bigtop"], off: [] }],
};
const HIDDEN = new Set(["regions"]);  // engine fields no web table needs (a test or tutorial sets them)

// The variant inputs of `game` for `players`, filled from `draft` (option -> value) and writing
// every change back to it: [{element, value()}] where value() is the option's JSON value.
export function variantFields(game, players, draft) {
  const known = VARIANTS[game.name];
  const fields = [];
  if (known) {
    for (const variant of known) {
      const current = draft[variant.key] ?? game.options[variant.key];
      if (variant.choices) {
        const choices = variant.choices(players);
        const select = h("select", { name: variant.key, onchange: () => { draft[variant.key] = choices[select.selectedIndex][0]; } },
          choices.map(([value, label]) => h("option", { value: String(value), selected: JSON.stringify(value) === JSON.stringify(current) }, label)));
        fields.push({ element: h("label", {}, t(variant.label), " ", select), key: variant.key, value: () => choices[select.selectedIndex][0] });
      } else {
        const box = h("input", { type: "checkbox", name: variant.key, checked: JSON.stringify(current) === JSON.stringify(variant.on),
          onchange: () => { draft[variant.key] = box.checked ? variant.on : variant.off; } });
        fields.push({ element: h("label", {}, box, " ", t(variant.label)), key: variant.key, value: () => (box.checked ? variant.on : variant.off) });
      }
    }
    return fields;
  }
  const practice = new Set(game.practice_options || []);
  return plainFields(Object.keys(game.options).filter((key) => !practice.has(key) && !HIDDEN.has(key)), game, draft);
}

// Plain fields for the options that fix what chance deals (practice tables only).
export function practiceFields(game, draft) {
  return plainFields(game.practice_options || [], game, draft);
}

// One input per option, typed by its default value (a list is typed as comma-separated items).
function plainFields(keys, game, draft) {
  return keys.map((key) => {
    const initial = game.options[key];
    const current = draft[key] ?? initial;
    const kind = typeof initial === "boolean" ? "bool" : typeof initial === "number" ? "number" : Array.isArray(initial) ? "list" : "text";
    const input = kind === "bool"
      ? h("input", { type: "checkbox", name: key, checked: current })
      : h("input", { type: kind === "number" ? "number" : "text", name: key, value: Array.isArray(current) ? current.join(",") : current ?? "" });
    const value = () => {
      if (kind === "bool") return input.checked;
      if (kind === "number") return Number(input.value);
      if (kind === "list") return input.value.split(",").map((item) => item.trim()).filter(Boolean);
      return input.value;
    };
    input.addEventListener(kind === "bool" ? "change" : "input", () => { draft[key] = value(); });
    return { element: h("label", {}, key.replaceAll("_", " "), " ", input), key, value };
  });
}
