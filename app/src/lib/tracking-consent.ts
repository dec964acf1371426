// Whether the browser asks not to be tracked (Do-Not-Track or Global Privacy Control): the app then
// sends no behaviour event at all, nor fetches the tracking code (the server also drops any event
// that carries `DNT: 1` or `Sec-GPC: 1`).

export function browserDeclinesTracking(): boolean {
  if (typeof navigator === 'undefined') return true;
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  return browser.doNotTrack === '1' || browser.globalPrivacyControl === true;
}
