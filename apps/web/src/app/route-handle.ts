/** What a route tells the shells: its title key and the menu entry whose access rule guards it. */
export interface RouteHandle {
  titleKey?: string;
  /** An id of `intranet-menu.ts`; the shell refuses the screen when the entry's rule fails. */
  accessId?: string;
}
