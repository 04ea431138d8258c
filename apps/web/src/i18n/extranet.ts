import extranet from './fr.extranet.json';
import i18n from './index';
import './shell';

// Imported by the extranet shell: the extranet's texts arrive with its chunk.
i18n.addResourceBundle('fr', 'translation', extranet, true, false);
