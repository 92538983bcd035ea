// The explorer's API client. The token lives in sessionStorage (this tab only) and leaves the page only as the
// Authorization header of these same-origin requests.
const TOKEN_KEY = 'trident-explorer-token';

export function token() {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function keepToken(value) {
  sessionStorage.setItem(TOKEN_KEY, value.trim());
}

export function forgetToken() {
  sessionStorage.removeItem(TOKEN_KEY);
}

/** A failed call, with what the page tells the reader. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function explain(status, problem) {
  const detail = problem && problem.detail ? problem.detail : '';
  switch (status) {
    case 400: return `That request was refused: ${detail || 'bad input'}.`;
    case 401: return 'Not signed in, or the token was refused (missing, expired or not trusted). Paste a token with the role admin.';
    case 403: return 'This token has no access to the explorer: it needs the role admin.';
    case 404: return detail ? `Not found: ${detail}.` : 'Not found.';
    case 503: return `The table cannot be read right now (DynamoDB unavailable or throttled)${detail ? ': ' + detail : ''}. Try again shortly.`;
    default: return `The explorer answered ${status}${detail ? ': ' + detail : ''}.`;
  }
}

async function get(path, accept = 'application/json') {
  const headers = { Accept: accept };
  const bearer = token();
  if (bearer) {
    headers.Authorization = `Bearer ${bearer}`;
  }
  let response;
  try {
    response = await fetch(path, { headers, cache: 'no-store', credentials: 'omit' });
  } catch (e) {
    throw new ApiError(0, 'The explorer cannot be reached (is it running?).');
  }
  if (response.ok) {
    return response.json();
  }
  let problem = null;
  try {
    problem = await response.json();
  } catch (e) {
    problem = null;
  }
  throw new ApiError(response.status, explain(response.status, problem));
}

const seg = encodeURIComponent;

export function overview(entity, id) {
  return get(`api/entities/${seg(entity)}/${seg(id)}`);
}

export function items(entity, id, view, cursor) {
  const query = new URLSearchParams({ limit: '50' });
  if (cursor) {
    query.set('cursor', cursor);
  }
  return get(`api/entities/${seg(entity)}/${seg(id)}/collections/${seg(view)}?${query}`);
}

export function partitionEntries() {
  return get('api/partitions');
}

/** One page of any partition of the table (index 'table') or of GSI1/GSI2, by its key. */
export function partition(index, pk, cursor) {
  const query = new URLSearchParams({ index: index || 'table', pk, limit: '50' });
  if (cursor) {
    query.set('cursor', cursor);
  }
  return get(`api/partition?${query}`);
}

export function workbenchModel() {
  return get('api/model/nosql-workbench');
}
