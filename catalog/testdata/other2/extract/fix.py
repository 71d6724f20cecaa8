"""The two mechanical fixes (see testdata/README.md): a schema property without a
description gets its own name, underscores as spaces; the filesystem server's
`execution` and `outputSchema` members, which the console's import refuses, are left out; a `"default": null` (pydantic's None) is left out."""
import json, sys
NULLS = []
def fix(schema, path, log):
    if not isinstance(schema, dict): return
    for name, p in (schema.get('properties') or {}).items():
        if isinstance(p, dict):
            if 'description' not in p:
                p['description'] = name.replace('_', ' '); log.append(path + '.' + name)
            if 'default' in p and p['default'] is None:
                del p['default']; NULLS.append(path + '.' + name)
            fix(p, path + '.' + name, log)
    if isinstance(schema.get('items'), dict): fix(schema['items'], path + '[]', log)
    for k in ('anyOf', 'oneOf', 'allOf'):
        for s in schema.get(k) or []: fix(s, path, log)
src, dst = sys.argv[1], sys.argv[2]
d = json.load(open(src))
d = d.get('result', d)
log, dropped = [], []
for t in d['tools']:
    for k in ('execution', 'outputSchema'):
        if k in t: del t[k]; dropped.append(t['name'] + '.' + k)
    fix(t['inputSchema'], t['name'], log)
json.dump({'tools': d['tools']}, open(dst, 'w'), indent=2, ensure_ascii=False); open(dst, 'a').write('\n')
print(len(d['tools']), 'tools;', len(log), 'descriptions added:', ', '.join(log)); print('dropped:', len(dropped), '; null defaults left out:', ', '.join(NULLS))
