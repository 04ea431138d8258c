/** A valid POST /adherent-admins body for an adherent (a new address each time). */
let n = 0;
export const adherentAdminFields = (adherentId: number, more: object = {}) => ({
  adherentId,
  firstName: 'Olivier',
  lastName: 'Vasseur',
  position: 'Gérant',
  phone: '03 20 54 18 72',
  emailAddress: `olivier.${Date.now()}.${n++}@adherent.fr`,
  roleId: 4,
  ...more,
});
