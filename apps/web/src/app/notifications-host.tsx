import { Notifications } from '@mantine/notifications';
import { type CSSProperties, useEffect, useState } from 'react';
import { NOTICE_AUTO_CLOSE_MS } from '../lib/notify';
import classes from './notifications-host.module.css';

/** Space kept between the header and the first notice. */
const GAP_PX = 8;

/**
 * Where the page's header ends: the notices sit below it, so they never cover the agency switch
 * or the profile menu (issue 12 §3). Followed as the header changes height (it wraps on phones).
 */
function useHeaderBottom(): number {
  const [bottom, setBottom] = useState(0);
  useEffect(() => {
    const header = document.querySelector('body header');
    if (!header) return;
    const measure = () => setBottom(Math.max(0, header.getBoundingClientRect().bottom));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return bottom;
}

/** The popover container: its own chunk, mounted when the first notice is shown. */
export function NotificationsHost() {
  const headerBottom = useHeaderBottom();
  return (
    <Notifications
      position="top-right"
      autoClose={NOTICE_AUTO_CLOSE_MS}
      zIndex={1000}
      classNames={{ root: classes.root }}
      style={headerBottom ? ({ '--notices-top': `${headerBottom + GAP_PX}px` } as CSSProperties) : undefined}
    />
  );
}
