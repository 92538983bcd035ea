// The explorer page: reads the fragment (#entity=student&id=ID[&token=T]), shows the entity's collections side by
// side, a row per item coloured by entity type, every id in a key a link to that entity's collections.
import * as api from './api.js';

const $ = (id) => document.getElementById(id);

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) {
      node.setAttribute(name, value);
    }
  }
  for (const child of children) {
    if (child !== null && child !== undefined) {
      node.append(child instanceof Node ? child : String(child));
    }
  }
  return node;
}

function fragment() {
  return new URLSearchParams(location.hash.replace(/^#/, ''));
}

function linkTo(entity, id, text) {
  const params = new URLSearchParams({ entity, id });
  return el('a', { href: `#${params}`, 'data-entity': entity, 'data-id': id }, text ?? id);
}

function showMessage(text) {
  const box = $('message');
  box.textContent = text;
  box.hidden = false;
}

function clearMessage() {
  for (const box of [$('message'), $('notice')]) {
    box.textContent = '';
    box.hidden = true;
  }
}

function showSignedIn() {
  const signedIn = Boolean(api.token());
  $('token-form').hidden = signedIn;
  $('signed-in').hidden = !signedIn;
}

function askForToken() {
  api.forgetToken();
  showSignedIn();
  $('token').focus();
}

function definitions(className, entries, links) {
  const list = el('dl', { class: className });
  for (const [name, value] of entries) {
    const link = links && links.find((l) => l.part === name && l.id === value);
    list.append(el('dt', {}, name), el('dd', {}, link ? linkTo(link.entity, link.id) : (value === null ? '–' : String(value))));
  }
  return list;
}

function itemRow(item, view) {
  const indexKey = view.index ? item.indexKeys.find((k) => k.index === view.index) : null;
  // In an index view, the index key's parts come first: they are what the view is ordered by.
  const parts = indexKey && Object.keys(indexKey.parts).length ? { ...indexKey.parts, ...item.parts } : item.parts;
  const keys = [`PK ${item.pk}`, `SK ${item.sk}`];
  for (const k of item.indexKeys) {
    keys.push(`${k.index} ${k.pk} / ${k.sk}`);
  }
  return el('tr', { 'data-type': item.entityType },
    el('td', { class: 'type' }, item.entityType),
    el('td', {}, definitions('parts', Object.entries(parts), item.links)),
    el('td', {}, definitions('attrs', Object.entries(item.attributes))),
    el('td', { class: 'keys mono' }, keys.join('\n')));
}

function readers(view) {
  if (!view.readBy.length) {
    return el('p', { class: 'hint' }, 'No service route reads this collection.');
  }
  const list = el('ul', { class: 'readers', 'aria-label': `Routes that read ${view.partition}` });
  for (const read of view.readBy) {
    list.append(el('li', {}, el('strong', {}, read.service), ' ', el('code', {}, read.accessPattern), ': ',
      read.routes.join('; ')));
  }
  return list;
}

async function loadPage(entity, id, view, body, moreButton, cursor) {
  moreButton.hidden = true;
  const page = await api.items(entity, id, view.view, cursor);
  for (const item of page.items) {
    body.append(itemRow(item, view));
  }
  if (!body.children.length) {
    body.append(el('tr', {}, el('td', { colspan: '4', class: 'empty' }, 'No items.')));
  }
  moreButton.hidden = !page.nextCursor;
  moreButton.onclick = () => loadPage(entity, id, view, body, moreButton, page.nextCursor).catch(failed);
  return page.items.length;
}

function collectionBlock(view) {
  const title = view.index ? `${view.index}: ${view.partition}` : `Table: ${view.partition}`;
  const headingId = `h-${view.view}`;
  const section = el('section', { class: 'collection', 'data-view': view.view, 'aria-labelledby': headingId },
    el('header', {},
      el('h3', { id: headingId }, title),
      el('p', { class: 'hint' }, `${view.collection.toLowerCase().replaceAll('_', ' ')}: ${view.description}`)),
    readers(view));
  const body = el('tbody');
  const table = el('table', {},
    el('caption', {}, view.index ? 'Items of this index partition, in index key order' : 'Items of this partition, in sort key order'),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Type'), el('th', { scope: 'col' }, 'Key parts'),
      el('th', { scope: 'col' }, 'Attributes'), el('th', { scope: 'col' }, 'Keys'))),
    body);
  const more = el('button', { type: 'button', class: 'more secondary', hidden: '' }, 'Load more');
  section.append(table, more);
  return { section, body, more };
}

function failed(error) {
  $('status').textContent = '';
  showMessage(error.message || String(error));
  if (error.status === 401) {
    askForToken();
  }
}

async function render() {
  clearMessage();
  const params = fragment();
  const entity = params.get('entity');
  const id = params.get('id');
  const collections = $('collections');
  collections.replaceChildren();
  if (!entity || !id) {
    $('status').textContent = 'Choose an entity and an id.';
    return;
  }
  $('entity').value = entity;
  $('entity-id').value = id;
  if (!api.token()) {
    $('status').textContent = '';
    showMessage('Sign in with a token (role admin) to read the table.');
    askForToken();
    return;
  }
  $('status').textContent = `Reading ${entity} ${id}…`;
  try {
    const overview = await api.overview(entity, id);
    const heading = el('h2', { class: 'entity-heading', id: 'entity-heading', tabindex: '-1' },
      `${overview.entity} ${overview.id}`,
      overview.shards ? ` (${overview.shards} shards)` : '');
    collections.before(heading);
    document.querySelectorAll('.entity-heading').forEach((h) => { if (h !== heading) h.remove(); });
    const loads = overview.collections.map((view) => {
      const block = collectionBlock(view);
      collections.append(block.section);
      return loadPage(entity, id, view, block.body, block.more, null);
    });
    const counts = await Promise.all(loads);
    $('status').textContent = `${overview.collections.length} collection(s), ${counts.reduce((a, b) => a + b, 0)} item(s) on the first pages.`;
    heading.focus();
  } catch (error) {
    document.querySelectorAll('.entity-heading').forEach((h) => h.remove());
    failed(error);
  }
}

/**
 * A token in the fragment (#...&token=T) leaves the address bar and the history entry at once, whatever happens to
 * it. It signs the page in only when nobody is signed in in this tab: a link never silently replaces the token of
 * whoever is signed in (a crafted link could otherwise switch the tab to another identity). Answers what was done.
 */
function readTokenFromFragment() {
  const params = fragment();
  const fromLink = params.get('token');
  if (fromLink === null) {
    return 'none';
  }
  params.delete('token');
  history.replaceState(null, '', `${location.pathname}${location.search}#${params}`);
  if (!fromLink.trim()) {
    return 'none';
  }
  if (api.token()) {
    return api.token() === fromLink.trim() ? 'same' : 'ignored';
  }
  api.keepToken(fromLink);
  return 'taken';
}

function showNotice(text) {
  const notice = $('notice');
  notice.textContent = text;
  notice.hidden = false;
}

const TOKEN_IGNORED = 'A link carried a token, but this tab is signed in already: the link\'s token was not used. '
  + 'Sign out first to use another token.';

function wire() {
  $('open-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const params = new URLSearchParams({ entity: $('entity').value, id: $('entity-id').value.trim() });
    if (location.hash === `#${params}`) {
      render();
    } else {
      location.hash = params.toString();
    }
  });
  $('token-form').addEventListener('submit', (event) => {
    event.preventDefault();
    api.keepToken($('token').value);
    $('token').value = '';
    showSignedIn();
    render();
  });
  $('sign-out').addEventListener('click', () => {
    askForToken();
    clearMessage();
  });
  window.addEventListener('hashchange', () => {
    const token = readTokenFromFragment();
    showSignedIn();
    render().then(() => {
      if (token === 'ignored') {
        showNotice(TOKEN_IGNORED);
      }
    });
  });
}

const tokenOnLoad = readTokenFromFragment();
wire();
showSignedIn();
render().then(() => {
  if (tokenOnLoad === 'ignored') {
    showNotice(TOKEN_IGNORED);
  }
});
