// A user's avatar image, falling back to core's initials when there is none or it fails to load.
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
    <span className={small ? 'avatar avatar--small' : 'avatar'} role="img" aria-label={alt}>
      {showImage ? (
        <img src={url ?? ''} alt="" onError={() => setFailedUrl(url ?? null)} />
      ) : (
        <span aria-hidden="true">{avatarInitials({ name })}</span>
      )}
    </span>
  );
}
