package main

// zoo3Round3 is the third held-out round: libraries the earlier rounds do
// not use, with steps written as a user or an orchestrator would send them,
// not tuned to what prima can do.
func zoo3Round3() []zoo3Lib {
	return []zoo3Lib{
		{lib: "mobius1-selectr@2.4.13", page: "selectr", initial: "Country: France; meals: Vegetarian; open: none", steps: []zoo3Step{
			doStep("select Spain from Country", "re:^Country: Spain; meals: Vegetarian; open: (none|Country)$"),
			doStep("select Gluten free from Meals", "re:^Country: France; meals: Vegetarian, Gluten free; open: (none|Meals)$"),
			pwStep("click", []string{"generic: France"}, nil, "Country: France; meals: Vegetarian; open: Country"),
			then(pwStep("click", []string{`treeitem "Italy"`}, nil, "re:^Country: Italy; meals: Vegetarian; open: (none|Country)$")),
			doStep("click France", "Country: France; meals: Vegetarian; open: Country"),
			then(doStep("select Portugal from Country", "re:^Country: Portugal; meals: Vegetarian; open: (none|Country)$")),
			pwChildStep("click", "listitem", "button", "re:^Country: France; meals: none; open: (none|Meals)$"),
			pwStep("select", []string{`combobox "Country"`, "combobox"}, []string{"Germany"}, "re:^Country: Germany; meals: Vegetarian; open: (none|Country)$"),
			pwLine("page.locator('#country').selectOption('Italy')", "re:^Country: Italy; meals: Vegetarian; open: (none|Country)$"),
		}},
		{lib: "trumbowyg@2.31.0 (on jquery@3.7.1)", page: "trumbowyg", initial: "HTML: <p>Call the printer</p>", steps: []zoo3Step{
			doStep("fill Details with Hello world.", `re:^HTML: <p>Hello world\.(<br>)?</p>$`),
			then(doStep("click Unordered list", `re:^HTML: (<p>)?<ul><li>Hello world\.(<br>)?</li></ul>(</p>)?$`)),
			doStep("fill details with Paper tray is empty", `re:^HTML: <p>Paper tray is empty(<br>)?</p>$`),
			pwStep("fill", []string{"paragraph: Call the printer"}, []string{"Second draft"}, `re:^HTML: <p>Second draft(<br>)?</p>$`),
			then(pwStep("click", []string{`button "Unordered list"`}, nil, `re:^HTML: (<p>)?<ul><li>Second draft(<br>)?</li></ul>(</p>)?$`)),
			pwStep("fill", []string{`textbox "Details"`, "textbox: <p>Call the printer</p>"}, []string{"Buy paper"}, `re:^HTML: (<p>)?Buy paper(<br>)?(</p>)?$`),
			pwLine("page.locator('#details').fill('Hi there')", `re:^HTML: (<p>)?Hi there(<br>)?(</p>)?$`),
		}},
		{lib: "pikaday@1.8.2", page: "pikaday", initial: "Arrival: none", steps: []zoo3Step{
			doStep("pick 2027-03-14 in Arrival", "Arrival: 2027-03-14"),
			doStep("pick 2026-08-05 in Arrival", "Arrival: 2026-08-05"),
			pwStep("click", []string{`textbox "Arrival"`, "textbox"}, nil, "Arrival: none"),
			then(pwStep("click", []string{`button "20"`}, nil, "Arrival: 2026-12-20")),
			doStep("fill Arrival with 2027-01-09", "Arrival: 2027-01-09"),
		}},
		{lib: "@easepick/bundle@1.2.1", page: "easepick", initial: "Departure: none", steps: []zoo3Step{
			doStep("pick 2027-03-14 in Departure", "Departure: 2027-03-14"),
			doStep("pick 2026-09-05 in Departure", "Departure: 2026-09-05"),
			pwStep("click", []string{`textbox "Departure"`, "textbox"}, nil, "Departure: none"),
			then(pwStep("click", []string{"generic: 20"}, nil, "Departure: 2026-12-20")),
		}},
		{lib: "taggle@1.15.0", page: "taggle", initial: "Tags: Red, Green", steps: []zoo3Step{
			doStep("fill Tags with Blue", "Tags: Red, Green"),
			then(doStep("press Enter", "Tags: Red, Green, Blue")),
			doStep("type Yellow, into Tags", "Tags: Red, Green, Yellow"),
			doStep("hover Red", "Tags: Red, Green"),
			then(doStep("click ×", "Tags: Green")),
			pwStep("hover", []string{"listitem: Green"}, nil, "Tags: Red, Green"),
			then(pwStep("click", []string{`button "×"`}, nil, "Tags: Red")),
		}},
		{lib: "tabbyjs@12.0.3", page: "tabby", initial: "Tab: Shipping; gift receipt: no", steps: []zoo3Step{
			doStep("click Returns", "Tab: Returns; gift receipt: no"),
			then(doStep("check Gift receipt", "Tab: Returns; gift receipt: yes")),
			pwStep("click", []string{`tab "Payment"`}, nil, "Tab: Payment; gift receipt: no"),
			then(doStep("press ArrowLeft", "Tab: Returns; gift receipt: no")),
			doStep("click Payment", "Tab: Payment; gift receipt: no"),
			doStep("click Shipping", "Tab: Shipping; gift receipt: no"),
		}},
	}
}
