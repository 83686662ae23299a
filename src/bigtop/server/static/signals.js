// Telling a person it is their turn: the tab's title, an optional sound, and a browser notification
// when the tab is hidden and the person allowed them. The sound choice is remembered by the browser.

import { t } from "./i18n.js";

const SOUND_KEY = "bigtop.sound";
let audio = null;

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  if (on) beep();  // the click that turns it on also lets the page play sound
}

// Whether the page may still ask for notifications (the browser has them and nobody answered yet).
export function canAskNotifications() {
  return "Notification" in window && Notification.permission === "default";
}

export async function askNotifications() {
  if ("Notification" in window) await Notification.requestPermission();
}

// Two short notes, made with the Web Audio API (no sound file to load).
function beep() {
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    [660, 880].forEach((pitch, i) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.12, now + i * 0.16);
      gain.gain.exponentialRampToValueAtTime(0.001, now + i * 0.16 + 0.15);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + i * 0.16);
      tone.stop(now + i * 0.16 + 0.16);
    });
  } catch (error) {
    console.warn(error);
  }
}

// Follows whose turn it is at one table: call `update(mine, title)` after every message.
export function turnSignal() {
  let wasMine = false;
  let baseTitle = "bigtop";
  return {
    update(mine, title) {
      baseTitle = `${title} · bigtop`;
      document.title = mine ? `▶ ${t("table.yourTurnTitle")} · ${baseTitle}` : baseTitle;
      if (mine && !wasMine) {
        if (soundOn()) beep();
        if (document.hidden && "Notification" in window && Notification.permission === "granted") {
          new Notification(t("table.yourTurnTitle"), { body: title, tag: "bigtop-turn" });
        }
      }
      wasMine = mine;
    },
    close() {
      document.title = "bigtop";
    },
  };
}
