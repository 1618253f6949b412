import { useEffect, useState } from 'react';
import { useSite } from '../../../runtime/SiteContext.ts';
import { storage, storageKeys } from '../../../runtime/storage.ts';

/**
 * Shown until closed; the dismissal is stored with the bar's id, and a new id shows the
 * bar again (SPEC §4). The head script hides a dismissed bar before first paint.
 */
export function AnnouncementBar() {
  const { announcementBar: bar } = useSite();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (!bar) return;
    if (storage.get(storageKeys.announcementId) !== bar.id) {
      storage.set(storageKeys.announcementId, bar.id);
      storage.set(storageKeys.announcementDismiss, 'false');
      document.documentElement.removeAttribute('data-announcement-bar-initially-dismissed');
    } else if (storage.get(storageKeys.announcementDismiss) === 'true') {
      setDismissed(true);
    }
  }, [bar]);
  if (!bar || dismissed) return null;
  return (
    <div className="announcement-bar" role="banner" style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button
          type="button"
          className="announcement-bar__close"
          aria-label="Close"
          onClick={() => {
            storage.set(storageKeys.announcementDismiss, 'true');
            setDismissed(true);
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
