// An error that carries the status code and message the error screen keys on (spec §3 error object).
export class AppError extends Error {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly fatal: boolean;

  constructor(statusCode: number, statusMessage: string, options: { fatal?: boolean } = {}) {
    super(statusMessage);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.statusMessage = statusMessage;
    this.fatal = options.fatal ?? false;
  }
}

/** The fatal 404 of spec §2/§8 for an address that names nothing: 'Page Not Found: {path}'. */
export function pageNotFound(fullPath: string): AppError {
  return new AppError(404, `Page Not Found: ${fullPath.split('?')[0]}`, { fatal: true });
}

/** Status code and message of anything thrown; unknown errors become a 500 with the catalogue's text. */
export function describeError(error: unknown): { statusCode: number; statusMessage: string | null } {
  if (error instanceof AppError) return { statusCode: error.statusCode, statusMessage: error.statusMessage };
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const statusText = 'statusText' in error && typeof error.statusText === 'string' ? error.statusText : null;
    return { statusCode: error.status, statusMessage: statusText || null };
  }
  return { statusCode: 500, statusMessage: null };
}
