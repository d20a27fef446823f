/** Leaves the SPA for the gateway's hosted payment page (a full page load on another origin). */
export function goToGateway(url: string): void {
  window.location.assign(url);
}
