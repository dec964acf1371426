// A user's avatar image, falling back to core's initials when there is none or it fails to load;
// decorative (hidden from screen readers) when `alt` is empty.
import { useState } from 'react';
import { avatarInitials } from '@/lib/core';
import './avatar.css';

export function Avatar({
  name,
  url,
  alt,
  small = false,
}: {
  name: string;
  url?: string | null;
  alt: string;
  small?: boolean;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = Boolean(url) && failedUrl !== url;
  return (
    // An empty `alt` means decorative (the name is said next to it): hidden, not an unnamed image.
    <span
      className={small ? 'avatar avatar--small' : 'avatar'}
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    >
      {showImage ? (
        <img src={url ?? ''} alt="" onError={() => setFailedUrl(url ?? null)} />
      ) : (
        <span aria-hidden="true">{avatarInitials({ name })}</span>
      )}
    </span>
  );
}
