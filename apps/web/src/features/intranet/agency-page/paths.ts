/** The routes of the agency page area (spec 01 §2). */
export const AGENCY_PAGE_PATH = '/intranet/agency-page';
export const AGENCY_CONTENT_PATH = '/intranet/agency-page-content';
export const NETWORK_CONTENTS_PATH = '/intranet/network-agency-page-contents';
export const NETWORK_CONTENT_PATH = '/intranet/network-agency-page-content';
