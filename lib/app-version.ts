/** Shown in the footer (spec §9). */
export const APP_VERSION = 'V1.0.0';
