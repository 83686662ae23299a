// The table chat: the players' channel and the spectators' own. A live table's panel loads the
// messages the viewer may read, then takes new ones from the table's WebSocket (`receive`); the
// replay's panel shows the messages said up to the step on screen. Messages are always put on the
// page as text, never as HTML.

import { api } from "./api.js";
import { h, notify } from "./dom.js";
import { t } from "./i18n.js";

const SHOWN = 200;  // the newest messages kept on screen

function line(message) {
  return h("li", { class: `chat-line ${message.channel}`, dataset: { id: message.id } },
    h("span", { class: "who" }, message.name, message.channel === "spectators" ? ` ${t("chat.spectatorTag")}` : "", ": "),
    h("span", { class: "text" }, message.text));
}

// Redraw `list` with `lines`, following new lines unless the reader scrolled back.
function showLines(list, lines) {
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  const top = list.scrollTop;
  list.replaceChildren(...lines);
  list.scrollTop = atEnd ? list.scrollHeight : top;
}

// The live panel of a table (keep `element` across redraws: what is typed stays).
export function chatPanel(tableId, token) {
  const messages = new Map();  // id -> message
  const list = h("ol", { class: "chat-list", id: "chat-list" });
  const input = h("input", { id: "chat-input", maxlength: 500, autocomplete: "off" });
  const title = h("h3", {});
  const send = h("button", { type: "submit", id: "chat-send" });
  let channel = token ? "players" : "spectators";

  function draw() {
    title.textContent = `${t("chat.title")} · ${t(`chat.${channel}`)}`;
    send.textContent = t("chat.send");
    input.placeholder = t("chat.placeholder");
    showLines(list, [...messages.values()].sort((a, b) => a.id - b.id).slice(-SHOWN).map(line));
  }

  function receive(message) {
    messages.set(message.id, message);
    draw();
  }

  async function submit(event) {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      receive(await api(`/api/tables/${encodeURIComponent(tableId)}/chat`, { method: "POST", body: { token: token || undefined, text } }));
      input.value = "";
    } catch (error) {
      notify(error.status === 401 ? t("chat.signIn") : error.message);
    }
  }

  const element = h("section", { class: "chat", id: "chat" }, title, list,
    h("form", { class: "chat-form", onsubmit: submit }, input, " ", send));
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  api(`/api/tables/${encodeURIComponent(tableId)}/chat${query}`).then((data) => {
    channel = data.channel;
    data.messages.forEach((m) => messages.set(m.id, m));
    draw();
  }).catch(() => draw());
  draw();
  return { element, receive, render: draw };
}

// The replay's panel: every message said by the time of `step` (a finished table's chat, both channels).
export function chatReplay(tableId) {
  let all = [];
  const list = h("ol", { class: "chat-list", id: "chat-list" });
  const element = h("section", { class: "chat replay-chat" }, h("h3", {}, t("chat.title")), list);
  const loaded = api(`/api/tables/${encodeURIComponent(tableId)}/chat`).then((data) => { all = data.messages; }).catch(() => {});
  return {
    element,
    async show(step) {
      await loaded;
      element.firstChild.textContent = t("chat.title");
      showLines(list, all.filter((m) => m.move <= step).slice(-SHOWN).map(line));
    },
  };
}
