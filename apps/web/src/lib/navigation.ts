/**
 * Code outside React (the API client, session kicks) must move the router without a reload;
 * the router registers its navigate function here at start-up.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let registeredNavigate: Navigate | null = null;

export function registerNavigate(navigate: Navigate): void {
  registeredNavigate = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (registeredNavigate) {
    void registeredNavigate(to, options);
    return;
  }
  if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}
