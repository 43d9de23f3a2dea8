// Copy the ruling's text: the clipboard API where the page is a secure context (localhost, https),
// else select the text and use the older copy command (a phone on the local network over http).
// The offline page calls window.bridgelawCopy() again after it shows each ruling.
window.bridgelawCopy = () => {
  const button = document.getElementById("copy");
  const text = document.getElementById("ruling-text");
  const status = document.getElementById("copy-status");
  if (!button || !text) return;
  const done = (ok) => {
    status.textContent = ok ? button.dataset.done : button.dataset.failed;
    if (!ok) { text.closest("details").open = true; text.focus(); text.select(); }
  };
  button.addEventListener("click", async () => {
    if (navigator.clipboard && window.isSecureContext) {
      try { await navigator.clipboard.writeText(text.value); return done(true); } catch (e) { /* fall through */ }
    }
    const details = text.closest("details"), wasOpen = details.open;
    details.open = true; text.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    details.open = wasOpen || !ok;
    done(ok);
  });
};
document.addEventListener("DOMContentLoaded", window.bridgelawCopy);
