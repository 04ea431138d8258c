export const JOB_OFFERS_LIST = '/intranet/job-offers';
/** `/intranet/job-offer?id={id}` (spec 02 §2); without id, a new offer. */
export const jobOfferHref = (id?: number) => (id === undefined ? '/intranet/job-offer' : `/intranet/job-offer?id=${id}`);
/** Today as `yyyy-MM-dd` in the browser's calendar: the switch's publication date (spec 02 §4). */
export const todayIso = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
