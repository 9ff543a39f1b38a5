"""The rules of Automobiles, one module per mechanic: drawing (the Bag and the refill rule), stock (gains and
removals), movement (planning routes, the Car phase), decline (wear and drafting), buying (money and the Stock),
standings (race position, end of race)."""
