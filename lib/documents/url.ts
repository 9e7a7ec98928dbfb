/** Where a customer fetches the texts they accepted for one of their subscriptions (app/api/documents). */
export const acceptedDocumentsUrl = (subscriptionId: number) => `/api/documents/${subscriptionId}`;
