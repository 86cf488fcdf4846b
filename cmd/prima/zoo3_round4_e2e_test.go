package main

import "strings"

// zoo3Round4 is the fourth held-out round: eight libraries the earlier
// rounds do not use (a hover-tracked menu, a rich editor, a multiselect, a
// date range picker, a slider, a tree, web components in shadow roots and
// a combobox with asynchronous suggestions), with steps written as a user
// or an orchestrator would send them, not tuned to what prima can do.
func zoo3Round4() []zoo3Lib {
	const ms = "Languages: English; contract: Full time; open: "
	const wired = "; gift wrap: no; express: no; quantity: 3"
	return []zoo3Lib{
		{lib: "jquery-contextmenu@2.10.2 (on jquery@3.7.1)", page: "contextmenu", initial: "Action: none; menu: none; hovered: none", steps: []zoo3Step{
			doStep("right-click report.pdf", "re:^Action: none; menu: file; hovered: [^;]+$"),
			then(doStep("click Delete", "re:^Action: delete report\\.pdf; menu: none; hovered: [^;]+$")),
			doStep("right-click budget.xlsx", "re:^Action: none; menu: file; hovered: [^;]+$"),
			then(doStep("hover Share", "Action: none; menu: file; hovered: Share")),
			then(doStep("click Copy link", "re:^Action: link budget\\.xlsx; menu: none; hovered: [^;]+$")),
			doStep("click Export", "re:^Action: none; menu: export; hovered: [^;]+$"),
			then(doStep("click CSV", "re:^Action: export csv; menu: none; hovered: [^;]+$")),
			pwStep("click", []string{"listitem: notes.txt"}, []string{"--button", "right"}, "re:^Action: none; menu: file; hovered: [^;]+$"),
			then(pwStep("click", []string{"listitem: Rename"}, nil, "re:^Action: rename notes\\.txt; menu: none; hovered: [^;]+$")),
		}},
		{lib: "medium-editor@5.23.3", page: "mediumeditor", initial: "HTML: <p>Draft summary</p>; toolbar: hidden", steps: []zoo3Step{
			doStep("fill Summary with Meeting moved to Friday", `re:^HTML: <p>Meeting moved to Friday(<br>)?</p>; toolbar: (shown|hidden)$`),
			doStep("clear Summary", `re:^HTML: (<p>(<br>)?</p>)?; toolbar: (shown|hidden)$`),
			doStep("double-click Draft", "HTML: <p>Draft summary</p>; toolbar: shown"),
			then(doStep("click bold", `re:^HTML: <p><(b|strong)>Draft</(b|strong)> summary</p>; toolbar: shown$`)),
			pwStep("fill", []string{"paragraph: Draft summary"}, []string{"Second draft"}, `re:^HTML: <p>Second draft(<br>)?</p>; toolbar: (shown|hidden)$`),
			pwEither(pwStep("fill", []string{`textbox "Summary"`}, []string{"Buy paper"}, `re:^HTML: (<p>)?Buy paper(<br>)?(</p>)?; toolbar: (shown|hidden)$`),
				pwNextToStep("fill", "textbox", "paragraph: Draft summary", []string{"Buy paper"}, "")),
			pwLine("page.locator('#summary').fill('Hi there')", `re:^HTML: (<p>)?Hi there(<br>)?(</p>)?; toolbar: (shown|hidden)$`),
		}},
		{lib: "multiple-select@2.3.1 (on jquery@3.7.1)", page: "multipleselect", initial: ms + "none", steps: []zoo3Step{
			doStep("select German from Languages", "re:^Languages: English, German; contract: Full time; open: (none|Languages)$"),
			doStep("select Part time from Contract", "re:^Languages: English; contract: Part time; open: (none|Contract)$"),
			doStep("uncheck English in Languages", "re:^Languages: none; contract: Full time; open: (none|Languages)$"),
			pwStep("click", []string{`button "English"`}, nil, ms+"Languages"),
			then(pwStep("click", []string{`checkbox "French"`}, nil, "Languages: English, French; contract: Full time; open: Languages")),
			doStep("click English", ms+"Languages"),
			then(doStep("check Select all", "Languages: English, French, German, Portuguese; contract: Full time; open: Languages")),
			pwStep("select", []string{`listbox "Languages"`, "listbox"}, []string{"French"}, "Languages: French; contract: Full time; open: none"),
			pwLine("page.locator('#contract').selectOption('Freelance')", "Languages: English; contract: Freelance; open: none"),
		}},
		{lib: "litepicker@2.0.12", page: "litepicker", initial: "Stay: none; open: no", steps: []zoo3Step{
			doStep("pick 2027-03-14 to 2027-03-20 in Stay", "Stay: 2027-03-14 to 2027-03-20; open: no"),
			doStep("pick 2026-12-24 to 2026-12-31 in Stay", "Stay: 2026-12-24 to 2026-12-31; open: no"),
			pwStep("click", []string{`textbox "Stay"`, "textbox"}, nil, "Stay: none; open: yes"),
			then(pwStep("click", []string{"generic: 14"}, nil, "Stay: none; open: yes")),
			then(pwStep("click", []string{"generic: 20"}, nil, "Stay: 2026-12-14 to 2026-12-20; open: no")),
			doStep("fill Stay with 2027-01-05 - 2027-01-09", "re:^Stay: 2027-01-05 to 2027-01-09; open: (yes|no)$"),
		}},
		{lib: "ion-rangeslider@2.5.0 (on jquery@3.7.1)", page: "ionrangeslider", initial: "Rent: 1200; rooms: 2 to 4", steps: []zoo3Step{
			doStep("set Rent to 2000", "Rent: 2000; rooms: 2 to 4"),
			doStep("set Rent to 750", "Rent: 750; rooms: 2 to 4"),
			doStep("set Rooms from 3 to 5", "Rent: 1200; rooms: 3 to 5"),
			doStep("fill Rent with 800", "Rent: 800; rooms: 2 to 4"),
			pwStep("fill", []string{`textbox "Rent"`, "textbox: 1200"}, []string{"2500"}, "Rent: 2500; rooms: 2 to 4"),
			pwLine("page.locator('.irs-handle').first().dragTo(page.getByText('3 000 €'))", "re:^Rent: (2[89]|30)\\d0; rooms: 2 to 4$"),
		}},
		{lib: "jstree@3.3.17 (on jquery@3.7.1)", page: "jstree", initial: "Selected: none; open: Photos; Beach in: Photos", steps: []zoo3Step{
			doStep("expand Documents", "re:^Selected: (none|Documents); open: Documents, Photos; Beach in: Photos$"),
			doStep("click Beach", "Selected: Beach; open: Photos; Beach in: Photos"),
			doStep("collapse Photos", "re:^Selected: (none|Photos); open: none; Beach in: Photos$"),
			doStep("select Q1 review in Folders", "re:^Selected: Q1 review; open: Documents, Reports, Photos; Beach in: Photos$"),
			pwStep("click", []string{`treeitem "Music"`}, nil, "Selected: Music; open: Photos; Beach in: Photos"),
			pwStep("dblclick", []string{`treeitem "Documents"`}, nil, "re:^Selected: (none|Documents); open: Documents, Photos; Beach in: Photos$"),
			doStep("drag Beach to Music", "re:^Selected: (none|Beach); open: Photos; Beach in: Music$"),
		}},
		{lib: "wired-elements@2.1.2 (web components)", page: "wired", initial: "Fruit: Apple" + wired, steps: []zoo3Step{
			doStep("select Banana from Fruit", "Fruit: Banana"+wired),
			doStep("check Gift wrap", "Fruit: Apple; gift wrap: yes; express: no; quantity: 3"),
			doStep("check Express delivery", "Fruit: Apple; gift wrap: no; express: yes; quantity: 3"),
			doStep("set Quantity to 7", "Fruit: Apple; gift wrap: no; express: no; quantity: 7"),
			pwStep("click", []string{`combobox "Fruit"`, "combobox"}, nil, "Fruit: Apple"+wired),
			then(pwStep("click", []string{`button "Cherry"`, "generic: Cherry"}, nil, "Fruit: Cherry"+wired)),
			pwStep("check", []string{`checkbox "Gift wrap"`}, nil, "Fruit: Apple; gift wrap: yes; express: no; quantity: 3"),
		}},
		{lib: "@trevoreyre/autocomplete-js@3.0.3", page: "autocompletejs", initial: "Destination: none; suggestions: 0", steps: []zoo3Step{
			doStep("select Lisbon from Destination", `re:^Destination: Lisbon; suggestions: \d+$`),
			doStep("fill Destination with Pra", "Destination: none; suggestions: 1"),
			then(doStep("click Prague", `re:^Destination: Prague; suggestions: \d+$`)),
			doStep("type Ber into Destination", "Destination: none; suggestions: 2"),
			then(doStep("press ArrowDown", "Destination: none; suggestions: 2")),
			then(doStep("press Enter", `re:^Destination: Berlin; suggestions: \d+$`)),
			pwStep("fill", []string{`combobox "Destination"`, `combobox "Search for a city"`, "combobox"}, []string{"Ma"}, "Destination: none; suggestions: 2"),
			then(pwStep("click", []string{`option "Malmo"`}, nil, `re:^Destination: Malmo; suggestions: \d+$`)),
		}},
	}
}

// pwEither is step a, or, when the snapshot has no ref for a (the beside
// layout's nameless field), step b: the same command on the ref an
// orchestrator would read off the snapshot there.
func pwEither(a, b zoo3Step) zoo3Step {
	first := a.args
	a.name += " or " + strings.TrimPrefix(b.name, "pw ")
	a.args = func(layout, snap string) ([]string, error) {
		if args, err := first(layout, snap); err == nil {
			return args, nil
		}
		return b.args(layout, snap)
	}
	return a
}
