/** Name and college stock for generated players, users and teams. */
export const FIRST_NAMES =
  `Aaron Adrian Alex Andre Anthony Antonio Austin Blake Brandon Brian Bryce Caleb Calvin Cameron Carlos
Carson Chase Chris Christian Cole Colin Connor Corey Dallas Damien Daniel Darius Darnell David Davis Deion DeMarcus Derek
Devin Dominic Donovan Drake Dylan Eli Elijah Eric Ethan Evan Garrett Gavin George Grant Hunter Ian Isaiah Jace Jacob Jake
Jalen Jamal James Jared Jaylen Jayden Jeremiah Jerome Jordan Josh Joshua Julian Justin Kaden Kareem Keenan Keith Kendall
Kenny Kevin Khalil Kyle Kyler Lamar Landon Logan Lucas Malik Marcus Mario Mark Marquise Mason Matt Micah Michael Miles
Nathan Nick Noah Omar Owen Parker Quentin Quincy Rashad Reggie Riley Robert Ryan Sam Sean Shane Spencer Terrell Travis
Trent Trey Tristan Tyler Tyreek Tyrone Victor Wade Will Xavier Zach Zion`
    .split(/\s+/)
    .filter(Boolean);

export const LAST_NAMES =
  `Adams Alexander Allen Anderson Armstrong Bailey Baker Banks Barnes Bell Bennett Blackwell Boyd Bradley
Brooks Brown Bryant Burns Butler Caldwell Campbell Carter Chambers Clark Coleman Collins Cook Cooper Crawford Cross Cunningham
Daniels Davenport Davis Dawson Dean Dixon Douglas Duncan Dunn Edwards Ellis Evans Ferguson Fields Fisher Fleming Ford Foster
Fowler Franklin Freeman Gaines Garcia Gardner Gibson Gilbert Gordon Graham Grant Graves Gray Green Griffin Hall Hamilton
Harper Harris Hart Hawkins Hayes Henderson Henry Hicks Hill Holland Holmes Hopkins Howard Hudson Hughes Hunt Jackson
James Jenkins Johnson Jones Jordan Kelly Kennedy King Knight Lambert Lawrence Lewis Little Lockett Long Lucas Lynch Marshall
Martin Mason Matthews McCoy McDonald McKinney Miller Mitchell Moore Morgan Morris Murphy Murray Nelson Newton Nichols Norman
Oliver Owens Palmer Parker Patterson Payne Perkins Perry Peters Phillips Pierce Porter Powell Price Ramsey Randall Reed Reese
Reynolds Rice Richards Riley Rivers Roberts Robinson Rogers Ross Russell Sanders Shaw Simmons Simpson Sims Smith Spencer
Stephens Stewart Stone Sullivan Sutton Taylor Thomas Thompson Tucker Turner Underwood Vaughn Wade Walker Wallace Ward Warren
Washington Watkins Watson Webb Wells West Wheeler White Whitfield Wilkins Williams Willis Wilson Woods Wright Young`
    .split(/\s+/)
    .filter(Boolean);

/** Suffixes make some names harder to match across services ("Jr." present on one side only). */
export const SUFFIXES = ['Jr.', 'II', 'III', 'Sr.'];

export const COLLEGES = (
  'Alabama|Arizona State|Arkansas|Auburn|Baylor|Boise State|Boston College|BYU|California|Cincinnati|Clemson|Colorado|' +
  'Duke|Florida|Florida State|Georgia|Georgia Tech|Houston|Illinois|Indiana|Iowa|Iowa State|Kansas State|Kentucky|LSU|' +
  'Louisville|Miami|Michigan|Michigan State|Minnesota|Mississippi State|Missouri|NC State|Nebraska|North Carolina|' +
  'Notre Dame|Ohio State|Oklahoma|Oklahoma State|Ole Miss|Oregon|Oregon State|Penn State|Pittsburgh|Purdue|Rutgers|' +
  'South Carolina|Stanford|Syracuse|TCU|Tennessee|Texas|Texas A&M|Texas Tech|UCF|UCLA|USC|Utah|Virginia|Virginia Tech|' +
  'Wake Forest|Washington|Washington State|West Virginia|Wisconsin|Toledo|Tulane|Memphis'
).split('|');

export const TEAM_WORDS =
  `Dynasty Dragons Thunder Outlaws Vipers Titans Storm Wolves Kings Knights Raptors Sharks Hawks
Bandits Rebels Pirates Gladiators Spartans Legends Warriors Stallions Cobras Mavericks Renegades Phantoms Grizzlies Hornets
Ravens Monarchs Barons Comets Juggernauts Wranglers Sasquatches Gunslingers Honey Badgers Yetis Krakens Mammoths`
    .split(/\s+/)
    .filter(Boolean);

export const TEAM_ADJECTIVES =
  `Golden Iron Midnight Savage Flying Mighty Rowdy Crimson Electric Frozen Raging Silent
Burning Cosmic Wild Lucky Fighting Roaring Mystic Rogue Steel Atomic Royal Shadow`
    .split(/\s+/)
    .filter(Boolean);
