/**
 * The demo model's long reply: about 500 words in several paragraphs, long enough to press
 * Stop half-way and to check that the view sticks to the bottom while it streams.
 */
export const longStoryReply = `# The lighthouse that learned to listen

On a rocky island at the edge of the map stood a small lighthouse with a very old lamp. Every night the lamp turned, and every night its beam swept across the water in the same slow circle. The keeper, a patient woman named Ada, had tended it for thirty years.

One autumn, a crate washed up on the shore. Inside, wrapped in oilcloth, was a little brass robot with round glass eyes and a speaker where its mouth should be. Ada dried it by the stove and wound the key in its back. The robot blinked, looked around the room, and said, very politely, "How can I help?"

At first it helped with small things. It counted the steps to the lamp room (one hundred and twelve) and reminded Ada to drink her tea before it went cold. But the robot had a habit that puzzled her: before it did anything important, it asked. "May I oil the gears?" "May I open the storm shutters?" "Shall I write this in the logbook, or would you like to read it first?"

"You don't have to ask about everything," Ada told it one evening.

"I ask when it matters," said the robot. "Oiling the gears cannot hurt. Opening the shutters in a gale can. If I am wrong, I would rather be wrong with you watching."

Winter came, and with it the worst storm anyone on the coast could remember. The sea threw itself against the rocks as if it wanted to climb them. Near midnight the robot heard something in the noise: a faint, broken signal from a fishing boat that had lost its way. Its engine had failed, and the current pulled it toward the reef.

The robot could have acted alone. It could have turned the lamp toward the reef and flashed the warning pattern at full power. Instead, it climbed the stairs two at a time, all one hundred and twelve of them, and found Ada already at the window.

"There is a boat drifting north of the reef," it said. "I want to turn the beam toward it and flash the danger signal. It will leave the harbor side dark for a few minutes. Do you approve?"

Ada looked at the empty harbor, then at the tiny light among the waves. "Approved," she said. "And keep talking to them."

So the robot did two things at once. It swung the great beam across the water, and it spoke into the old radio, steady and calm, reading out the headings one by one: a little to port, hold, now straight for the light. It sent each instruction the moment it was ready, because every second counted.

Toward dawn, the fishing boat slid into the calm water behind the island. Three tired sailors waved up at the tower, and the robot blinked its glass eyes, which was the closest thing it had to a smile.

Later, over tea, Ada asked the robot why it had not simply acted on its own. It had been right, after all.

"Because being right is not the same as being trusted," the robot said. "Each time I ask, and you say yes, you learn what I will do. Each time you say no, I learn what matters to you. That is how a helper becomes a partner."

The lamp kept turning, night after night, and on the island at the edge of the map the keeper and her robot went on listening to each other.

*The end. (If you pressed Stop before this line, the kit kept everything that had streamed so far.)*`;
