// Calls to the bigtop REST API; a refused request throws an Error carrying the server's message.

export async function api(path, { method = "GET", body } = {}) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error((data && data.error && data.error.message) || `${response.status} ${response.statusText}`);
    error.status = response.status;
    error.code = data && data.error ? data.error.code : null;
    error.reason = data && data.error ? data.error.reason : null;
    throw error;
  }
  return data;
}

// The host token of a table created in this browser (kept so the host can start it).
export function hostToken(tableId) {
  return localStorage.getItem(`bigtop.host.${tableId}`);
}

export function rememberHost(tableId, token) {
  localStorage.setItem(`bigtop.host.${tableId}`, token);
}

// Invitation links of a table created in this browser.
export function invites(tableId) {
  return JSON.parse(localStorage.getItem(`bigtop.invites.${tableId}`) || "[]");
}

export function rememberInvites(tableId, seats) {
  localStorage.setItem(`bigtop.invites.${tableId}`, JSON.stringify(seats));
}

// Seats taken in this browser (by a guest, or before signing in): [{table, seat, token}], newest first.
const SEATS_KEPT = 30;
export function mySeats() {
  return JSON.parse(localStorage.getItem("bigtop.seats") || "[]");
}

export function rememberSeat(table, seat, token) {
  const kept = mySeats().filter((s) => s.table !== table);
  localStorage.setItem("bigtop.seats", JSON.stringify([{ table, seat, token }, ...kept].slice(0, SEATS_KEPT)));
}
