// The explorer page. Every view is a fragment, so every view is a link and back/forward work:
//   #entity=student&id=ID       an entity's collections (its partition, its GSI1 view, a sharded workspace's shards)
//   #index=GSI2&pk=TERM%232026-fall   any partition of the table (index=table) or of GSI1/GSI2, by its key
//   (empty)                     the partitions to open without an id, and the key templates of the others
// Items are drawn as the seeds draw them: one grid per item collection, PK | SK | index keys | type | key parts |
// attributes | bytes, rows grouped by partition key, one colour per entity type, key cells on one line.
import * as api from './api.js';

const $ = (id) => document.getElementById(id);
const KEY_ATTRIBUTES = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK'];

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined && value !== false) {
      node.setAttribute(name, value === true ? '' : value);
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

function entityHref(entity, id) {
  return `#${new URLSearchParams({ entity, id })}`;
}

function partitionHref(index, pk) {
  return `#${new URLSearchParams({ index: index || 'table', pk })}`;
}

function linkTo(entity, id, text) {
  return el('a', { href: entityHref(entity, id), 'data-entity': entity, 'data-id': id }, text ?? id);
}

function showMessage(text) {
  const box = $('message');
  box.textContent = text;
  box.hidden = false;
}

function showNotice(text) {
  const notice = $('notice');
  notice.textContent = text;
  notice.hidden = false;
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

// ---------------------------------------------------------------------------------------------------- the grid

/** The key columns of a view: the view's own keys first (they order it), then the item's other keys. */
function keyColumns(view) {
  if (!view.index) {
    return KEY_ATTRIBUTES;
  }
  const own = [`${view.index}PK`, `${view.index}SK`];
  return [...own, ...KEY_ATTRIBUTES.filter((k) => !own.includes(k))];
}

function keyValues(item) {
  const values = { PK: item.pk, SK: item.sk };
  for (const k of item.indexKeys) {
    values[`${k.index}PK`] = k.pk;
    values[`${k.index}SK`] = k.sk;
  }
  return values;
}

function keyCell(attribute, value, item, rowspan) {
  const ref = item.partitions.find((p) => p.attribute === attribute);
  const code = el('code', { class: 'k' }, value ?? '');
  const content = ref ? el('a', { href: partitionHref(ref.index, ref.partition), 'data-partition': ref.partition,
    'data-index': ref.index || 'table', title: `Open ${ref.index || 'table'} partition ${ref.partition}` }, code) : code;
  return el('td', { class: `key${value ? '' : ' none'}`, 'data-key': attribute, rowspan: rowspan > 1 ? rowspan : null },
    value ? content : '');
}

function partsCell(item, view) {
  const indexKey = view.index ? item.indexKeys.find((k) => k.index === view.index) : null;
  // Each key part once: an index view's own parts first, then the item's (same name, same value: shown once).
  const parts = { ...(indexKey ? indexKey.parts : {}), ...item.parts };
  for (const k of item.indexKeys) {
    for (const [name, value] of Object.entries(k.parts)) {
      if (!(name in parts)) parts[name] = value;
    }
  }
  const cell = el('td', { class: 'parts' });
  for (const [name, value] of Object.entries(parts)) {
    const link = item.links.find((l) => l.part === name && l.id === value);
    cell.append(el('span', { class: 'part' }, el('span', { class: 'name' }, name), ' ',
      link ? linkTo(link.entity, link.id) : el('span', { class: 'value' }, value)));
  }
  const month = item.partitions.find((p) => p.attribute === 'month');
  if (month) {
    cell.append(el('span', { class: 'part' }, el('a', { href: partitionHref(month.index, month.partition) },
      `posts of ${item.parts.month} (GSI2)`)));
  }
  return cell;
}

function attributesCell(item) {
  // The box, not the cell, is what a compact grid narrows (a table cell's max-width is not honoured).
  const box = el('div', { class: 'attr-box' });
  for (const [name, value] of Object.entries(item.attributes)) {
    box.append(el('span', { class: 'attr', 'data-attribute': name }, el('span', { class: 'name' }, name), ' ',
      el('span', { class: 'value' }, value === null ? '–' : String(value))));
  }
  return el('td', { class: 'attrs' }, box);
}

/** Appends a page's items; consecutive items of one partition share one partition-key cell (the group). */
function appendRows(grid, items) {
  const columns = keyColumns(grid.view);
  for (const item of items) {
    const keys = keyValues(item);
    const group = keys[columns[0]];
    const row = el('tr', { 'data-type': item.entityType });
    if (grid.lastGroup && grid.lastGroup.value === group) {
      grid.lastGroup.rows += 1;
      grid.lastGroup.cell.rowSpan = grid.lastGroup.rows;
    } else {
      const cell = keyCell(columns[0], group, item, 1);
      cell.classList.add('group');
      grid.lastGroup = { value: group, cell, rows: 1 };
      row.append(cell);
    }
    for (const column of columns.slice(1)) {
      row.append(keyCell(column, keys[column], item, 1));
    }
    row.append(el('td', { class: 'type' }, item.entityType), partsCell(item, grid.view), attributesCell(item),
      el('td', { class: 'size num', title: 'item size as DynamoDB counts it' }, `${item.sizeBytes} B`));
    grid.body.append(row);
  }
  if (!grid.body.children.length) {
    grid.body.append(el('tr', {}, el('td', { colspan: String(columns.length + 4), class: 'empty' }, 'No items.')));
  }
  // A key column no item of the grid fills is folded away (the view's own key never is), so collections and shards
  // stay narrow; a later page that fills it brings it back.
  for (const column of columns.slice(2)) {
    const filled = grid.body.querySelector(`td[data-key='${column}'] code`) !== null;
    grid.table.classList.toggle(`hide-${column}`, !filled);
  }
}

function readersLine(view) {
  const details = el('details', { class: 'readers' });
  if (!view.readBy.length) {
    details.append(el('summary', {}, 'Read by no service route'));
    return details;
  }
  const patterns = [...new Set(view.readBy.map((r) => r.accessPattern))];
  details.append(el('summary', {}, `Read by ${patterns.length} access pattern${patterns.length === 1 ? '' : 's'}: `,
    el('span', { class: 'patterns' }, patterns.join(', '))));
  const list = el('ul', { 'aria-label': `Routes that read ${view.partition}` });
  for (const read of view.readBy) {
    list.append(el('li', {}, el('strong', {}, read.service), ' ', el('code', {}, read.accessPattern),
      declaredShape(read), ': ', read.routes.join('; ')));
  }
  details.append(list);
  return details;
}

/** What the pattern's declaration fixes for every read of it: its sort-key prefix, its order, a strong read. */
function declaredShape(read) {
  const shape = [];
  if (read.sortKeyPrefix) {
    shape.push(`sort key begins ${read.sortKeyPrefix}`);
  }
  if (read.newestFirst) {
    shape.push('newest first');
  }
  if (read.stronglyConsistent) {
    shape.push('strongly consistent');
  }
  return shape.length ? ` (${shape.join(', ')})` : '';
}

function costText(reads) {
  const units = reads.map((r) => r.capacityUnits).filter((u) => u !== null && u !== undefined);
  const items = reads.reduce((a, r) => a + r.items, 0);
  const capacity = units.length ? `${units.reduce((a, b) => a + b, 0)} RCU` : 'capacity not reported';
  return `${reads.length} Query${reads.length === 1 ? '' : 's'} · ${items} item${items === 1 ? '' : 's'} read · ${capacity}`;
}

/** One item collection: heading, cost of its reads, its readers folded in one line, and its grid. */
function collectionBlock(view, load) {
  const where = view.index ? view.index : 'Table';
  const headingId = `h-${view.view}`;
  const cost = el('span', { class: 'cost', 'data-cost': '' });
  const section = el('section', { class: 'collection', 'data-view': view.view, 'data-partition': view.partition,
    'aria-labelledby': headingId },
  el('header', {},
    el('h3', { id: headingId }, `${where} `, el('a', { href: partitionHref(view.index, view.partition), class: 'k' },
      el('code', {}, view.partition))),
    el('span', { class: 'hint' }, `${view.collection.toLowerCase().replaceAll('_', ' ')}: ${view.description}`),
    cost),
  readersLine(view));
  const body = el('tbody');
  const columns = keyColumns(view);
  const head = el('tr', {}, ...columns.map((c) => el('th', { scope: 'col', class: 'key', 'data-key': c }, c)),
    el('th', { scope: 'col' }, 'Type'), el('th', { scope: 'col', class: 'parts-h' }, 'Key parts'),
    el('th', { scope: 'col' }, 'Attributes'), el('th', { scope: 'col', class: 'num' }, 'Bytes'));
  const table = el('table', { class: 'grid' },
    el('caption', { class: 'visually-hidden' }, view.index ? `Items of ${view.index} partition ${view.partition}, in index key order`
      : `Items of partition ${view.partition}, in sort key order`),
    el('thead', {}, head), body);
  const more = el('button', { type: 'button', class: 'more secondary', hidden: true }, 'Load more');
  section.append(el('div', { class: 'grid-scroll' }, table), more);
  const grid = { view, body, table, lastGroup: null, reads: [] };
  const show = (page) => {
    appendRows(grid, page.items);
    grid.reads.push(page.read);
    cost.textContent = costText(grid.reads);
    more.hidden = !page.nextCursor;
    more.onclick = () => { more.hidden = true; load(page.nextCursor).then(show).catch(failed); };
    return page.items.length;
  };
  return { section, show };
}

// --------------------------------------------------------------------------------------------------- the views

function failed(error) {
  $('status').textContent = '';
  showMessage(error.message || String(error));
  if (error.status === 401) {
    askForToken();
  }
}

function setHeading(text) {
  const heading = $('view-heading');
  heading.textContent = text;
  heading.hidden = !text;
  return heading;
}

async function renderEntity(entity, id) {
  $('entity').value = entity;
  $('entity-id').value = id;
  $('status').textContent = `Reading ${entity} ${id}…`;
  const overview = await api.overview(entity, id);
  const heading = setHeading(`${overview.entity} ${overview.id}${overview.shards ? ` (${overview.shards} shards)` : ''}`);
  const main = el('div', { class: 'collections' });
  const shards = el('div', { class: 'shards', 'aria-label': 'Shards, side by side' });
  $('collections').append(main);
  if (overview.collections.some((v) => v.shard !== null && v.shard !== undefined)) {
    // Shards start compact (PK | SK | type | attributes), so that several fit side by side; one click shows all.
    shards.classList.add('compact');
    const full = el('input', { type: 'checkbox', id: 'shards-full' });
    full.addEventListener('change', () => shards.classList.toggle('compact', !full.checked));
    $('collections').append(el('div', { class: 'shards-heading' }, el('h3', {}, 'Shards side by side'),
      el('label', { for: 'shards-full' }, full, ' index keys and key parts too')), shards);
  }
  const loads = overview.collections.map((view) => {
    const block = collectionBlock(view, (cursor) => api.items(entity, id, view.view, cursor));
    (view.shard !== null && view.shard !== undefined ? shards : main).append(block.section);
    return api.items(entity, id, view.view, null).then(block.show);
  });
  const counts = await Promise.all(loads);
  $('status').textContent = `${overview.collections.length} collection(s), ${counts.reduce((a, b) => a + b, 0)} item(s) on the first pages.`;
  heading.focus();
}

async function renderPartition(index, pk) {
  $('partition-index').value = index || 'table';
  $('partition-key').value = pk;
  $('status').textContent = `Reading ${index || 'table'} partition ${pk}…`;
  const first = await api.partition(index, pk, null);
  const heading = setHeading(`${first.collection.index || 'Table'} partition ${pk}`);
  const block = collectionBlock(first.collection, (cursor) => api.partition(index, pk, cursor));
  $('collections').append(el('div', { class: 'collections' }, block.section));
  const count = block.show(first);
  $('status').textContent = `${count} item(s) on the first page.`;
  heading.focus();
}

async function renderEntries() {
  setHeading('Partitions');
  $('status').textContent = 'Open an entity by id, a partition by its key, or one of these.';
  const entries = (await api.partitionEntries()).items;
  const open = el('ul', { class: 'entries' });
  const templates = el('ul', { class: 'entries' });
  for (const entry of entries) {
    const where = entry.index || 'table';
    if (entry.partition) {
      open.append(el('li', {}, el('a', { href: partitionHref(entry.index, entry.partition) }, el('code', {}, entry.partition)),
        ` ${where}: ${entry.description}`));
    } else {
      const fill = el('button', { type: 'button', class: 'link' }, el('code', {}, entry.template));
      fill.addEventListener('click', () => {
        $('partition-index').value = where;
        $('partition-key').value = entry.template.replace(/<[^>]*>.*$/, '');
        $('partition-key').focus();
      });
      templates.append(el('li', {}, fill, ` ${where}: ${entry.description}`));
    }
  }
  $('collections').append(el('section', { class: 'browse' },
    el('h3', {}, 'Open as they are'), open,
    el('h3', {}, 'By key (click to fill the partition form, then type the id)'), templates));
}

async function render() {
  clearMessage();
  const params = fragment();
  $('collections').replaceChildren();
  setHeading('');
  if (!api.token()) {
    $('status').textContent = '';
    showMessage('Sign in with a token (role admin) to read the table.');
    askForToken();
    return;
  }
  try {
    if (params.get('entity') && params.get('id')) {
      await renderEntity(params.get('entity'), params.get('id'));
    } else if (params.get('pk')) {
      await renderPartition(params.get('index'), params.get('pk'));
    } else {
      await renderEntries();
    }
  } catch (error) {
    setHeading('');
    failed(error);
  }
}

async function exportModel() {
  try {
    const model = await api.workbenchModel();
    const blob = new Blob([JSON.stringify(model, null, 2)], { type: 'application/json' });
    const link = el('a', { href: URL.createObjectURL(blob), download: 'trident-nosql-workbench.json' });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  } catch (error) {
    failed(error);
  }
}

// ---------------------------------------------------------------------------------------------------- the token

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

const TOKEN_IGNORED = 'A link carried a token, but this tab is signed in already: the link\'s token was not used. '
  + 'Sign out first to use another token.';

function go(params) {
  if (location.hash === `#${params}`) {
    render();
  } else {
    location.hash = params.toString();
  }
}

function wire() {
  $('open-form').addEventListener('submit', (event) => {
    event.preventDefault();
    go(new URLSearchParams({ entity: $('entity').value, id: $('entity-id').value.trim() }));
  });
  $('partition-form').addEventListener('submit', (event) => {
    event.preventDefault();
    go(new URLSearchParams({ index: $('partition-index').value, pk: $('partition-key').value.trim() }));
  });
  $('export-model').addEventListener('click', exportModel);
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
