/**
 * The address of a first connection asked for on this browser, so that the login can be
 * prefilled once the mailed link is followed (often in another tab, hence localStorage). Only an
 * email address the user typed; removed as soon as it is used.
 */
const KEY = 'reseau.pendingActivationEmail';

export function rememberPendingActivationEmail(email: string) {
  try {
    localStorage.setItem(KEY, email);
  } catch {
    // storage full or disabled: the login is simply not prefilled
  }
}

export function takePendingActivationEmail(): string | null {
  try {
    const email = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return email;
  } catch {
    return null;
  }
}
