import { lazy } from 'react';

/**
 * The one table of the account's views that load on demand: their code (tabs, uploads, details)
 * loads when one is first opened (or its opener is hovered), never with a page. Rendered by
 * components/account/account-views.tsx.
 */
export const loadProfile = () => import('@/components/account/profile-content');

export const ProfileContent = lazy(() => loadProfile().then((module) => ({ default: module.ProfileContent })));
export const SubscriptionDetail = lazy(() => import('@/components/account/subscription-detail').then((module) => ({ default: module.SubscriptionDetail })));
export const CompanyDocs = lazy(() => import('@/components/account/company-docs').then((module) => ({ default: module.CompanyDocs })));
