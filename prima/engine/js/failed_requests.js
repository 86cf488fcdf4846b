// The action's own requests that failed, as the tracker recorded them
// ([method, url, status, error] each; none when the page has no tracker).
() => { const p = window.__primaSettle; return (p && p.failed) || []; }
