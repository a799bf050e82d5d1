/** Whether the case list is collapsed into a table, remembered in this browser (spec section 2). */
export const COLLAPSED_KEY = 'threshold.caseList.collapsed';

export function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(COLLAPSED_KEY, String(collapsed));
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
}
