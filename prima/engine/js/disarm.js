// An action that clicks ended without its click: the user's next click is not its.
el => { const w = el.ownerDocument.defaultView; if (w.__primaHitDisarm) w.__primaHitDisarm(); }
