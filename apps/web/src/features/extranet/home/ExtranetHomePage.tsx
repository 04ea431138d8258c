import { useSession } from '../../../lib/session';
import { AgencyChooser } from './AgencyChooser';
import { Dashboard } from './Dashboard';

/** `/extranet` exact: the agency chooser until an agency is chosen, then the dashboard. */
export function ExtranetHomePage() {
  const { currentAgency } = useSession();
  return currentAgency ? <Dashboard key={currentAgency.id} agency={currentAgency} /> : <AgencyChooser />;
}
