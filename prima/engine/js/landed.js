// Where the action's click landed (inspect.js's record), or whether the page took the element away or disabled it.
el => { const w = el.ownerDocument.defaultView; if (w.__primaHitDisarm) w.__primaHitDisarm(); return w.__primaHit || (!el.isConnected ? { gone: true } : el.matches(':disabled') ? { disabled: true } : null); }
