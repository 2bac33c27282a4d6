package physics

// The record types, field by field in file order, big-endian. Struct
// tags say how a field reads: unit (see Units), flags (a bit field named
// by FlagNames), choices (an enumeration named by ChoiceNames), names (a
// number named by NameLists where it can, such as a sound) and ref
// (an index of another kind of record, or -1; loose when other values
// occur: Bungie's ball, a weapon that never fires, names projectile 1000).

// Damage is what a projectile or an explosion does (12 bytes).
type Damage struct {
	Type   int16  `choices:"damage"`
	Flags  uint16 `flags:"damage"`
	Base   int16
	Random int16
	Scale  int32 `unit:"fixed"`
}

// Attack is a monster's melee or ranged attack (16 bytes).
type Attack struct {
	Type        int16 `ref:"projectiles"`
	Repetitions int16
	Error       int16 `unit:"angle"`
	Range       int16 `unit:"wu"`
	Shape       int16
	DX          int16 `unit:"wu"`
	DY          int16 `unit:"wu"`
	DZ          int16 `unit:"wu"`
}

// Monster is a Marathon 2 or Infinity monster definition (MNpx, 156 bytes).
type Monster struct {
	Collection              int16
	Vitality                int16
	Immunities              uint32 `flags:"damages"`
	Weaknesses              uint32 `flags:"damages"`
	Flags                   uint32 `flags:"monster"`
	Class                   uint32 `flags:"class"`
	Friends                 uint32 `flags:"class"`
	Enemies                 uint32 `flags:"class"`
	SoundPitch              int32  `unit:"fixed"`
	ActivationSound         int16  `names:"sounds"`
	FriendlyActivationSound int16  `names:"sounds"`
	ClearSound              int16  `names:"sounds"`
	KillSound               int16  `names:"sounds"`
	ApologySound            int16  `names:"sounds"`
	FriendlyFireSound       int16  `names:"sounds"`
	FlamingSound            int16  `names:"sounds"`
	RandomSound             int16  `names:"sounds"`
	RandomSoundMask         int16
	CarriedItem             int16 `choices:"items"`
	Radius                  int16 `unit:"wu"`
	Height                  int16 `unit:"wu"`
	HoverHeight             int16 `unit:"wu"`
	MinimumLedge            int16 `unit:"wu"`
	MaximumLedge            int16 `unit:"wu"`
	ExternalVelocityScale   int32 `unit:"fixed"`
	ImpactEffect            int16 `ref:"effects"`
	MeleeImpactEffect       int16 `ref:"effects"`
	ContrailEffect          int16 `ref:"effects"`
	HalfVisualArc           int16 `unit:"angle"`
	HalfVerticalVisualArc   int16 `unit:"angle"`
	VisualRange             int16 `unit:"wu"`
	DarkVisualRange         int16 `unit:"wu"`
	Intelligence            int16
	Speed                   int16 `unit:"speed"`
	Gravity                 int16 `unit:"speed"`
	TerminalVelocity        int16 `unit:"speed"`
	DoorRetryMask           int16
	ShrapnelRadius          int16 `unit:"wu"`
	ShrapnelDamage          Damage
	HitShapes               int16
	HardDyingShape          int16
	SoftDyingShape          int16
	HardDeadShapes          int16
	SoftDeadShapes          int16
	StationaryShape         int16
	MovingShape             int16
	TeleportInShape         int16
	TeleportOutShape        int16
	AttackFrequency         int16 `unit:"ticks"`
	MeleeAttack             Attack
	RangedAttack            Attack
}

// Effect is a Marathon 2 or Infinity effect definition (FXpx, 14 bytes).
type Effect struct {
	Collection int16
	Shape      int16
	SoundPitch int32  `unit:"fixed"`
	Flags      uint16 `flags:"effect"`
	Delay      int16  `unit:"ticks"`
	DelaySound int16  `names:"sounds"`
}

// Projectile is a Marathon 2 or Infinity projectile definition (PRpx,
// 48 bytes).
type Projectile struct {
	Collection            int16
	Shape                 int16
	DetonationEffect      int16 `ref:"effects"`
	MediaDetonationEffect int16 `ref:"effects"`
	ContrailEffect        int16 `ref:"effects"`
	TicksBetweenContrails int16 `unit:"ticks"`
	MaximumContrails      int16
	MediaPromotion        int16 `ref:"projectiles"`
	Radius                int16 `unit:"wu"`
	AreaOfEffect          int16 `unit:"wu"`
	Damage                Damage
	Flags                 uint32 `flags:"projectile"`
	Speed                 int16  `unit:"speed"`
	MaximumRange          int16  `unit:"wu"`
	SoundPitch            int32  `unit:"fixed"`
	FlybySound            int16  `names:"sounds"`
	ReboundSound          int16  `names:"sounds"`
}

// Constants are a Marathon 2 or Infinity physics model: the player's
// movement (PXpx, 104 bytes; a file holds a walking and a running one).
type Constants struct {
	MaximumForwardVelocity       int32 `unit:"fixedspeed"`
	MaximumBackwardVelocity      int32 `unit:"fixedspeed"`
	MaximumPerpendicularVelocity int32 `unit:"fixedspeed"`
	Acceleration                 int32 `unit:"fixedaccel"`
	Deceleration                 int32 `unit:"fixedaccel"`
	AirborneDeceleration         int32 `unit:"fixedaccel"`
	GravitationalAcceleration    int32 `unit:"fixedaccel"`
	ClimbingAcceleration         int32 `unit:"fixedaccel"`
	TerminalVelocity             int32 `unit:"fixedspeed"`
	ExternalDeceleration         int32 `unit:"fixedaccel"`
	AngularAcceleration          int32 `unit:"fixedangle"`
	AngularDeceleration          int32 `unit:"fixedangle"`
	MaximumAngularVelocity       int32 `unit:"fixedangle"`
	AngularRecenteringVelocity   int32 `unit:"fixedangle"`
	FastAngularVelocity          int32 `unit:"fixedangle"`
	FastAngularMaximum           int32 `unit:"fixedangle"`
	MaximumElevation             int32 `unit:"fixedangle"`
	ExternalAngularDeceleration  int32 `unit:"fixedangle"`
	StepDelta                    int32 `unit:"fixedwu"`
	StepAmplitude                int32 `unit:"fixedwu"`
	Radius                       int32 `unit:"fixedwu"`
	Height                       int32 `unit:"fixedwu"`
	DeadHeight                   int32 `unit:"fixedwu"`
	CameraHeight                 int32 `unit:"fixedwu"`
	SplashHeight                 int32 `unit:"fixedwu"`
	HalfCameraSeparation         int32 `unit:"fixedwu"`
}

// Trigger is one fire button of a weapon (36 bytes).
type Trigger struct {
	RoundsPerMagazine int16
	AmmunitionType    int16 `choices:"items"`
	TicksPerRound     int16 `unit:"ticks"`
	RecoveryTicks     int16 `unit:"ticks"`
	ChargingTicks     int16 `unit:"ticks"`
	RecoilMagnitude   int16 `unit:"wu"`
	FiringSound       int16 `names:"sounds"`
	ClickSound        int16 `names:"sounds"`
	ChargingSound     int16 `names:"sounds"`
	ShellCasingSound  int16 `names:"sounds"`
	ReloadingSound    int16 `names:"sounds"`
	ChargedSound      int16 `names:"sounds"`
	Projectile        int16 `ref:"projectiles" loose:"true"`
	ThetaError        int16 `unit:"angle"`
	DX                int16 `unit:"wu"`
	DZ                int16 `unit:"wu"`
	ShellCasingType   int16
	BurstCount        int16
}

// Weapon is a Marathon 2 or Infinity weapon definition (WPpx, 134 bytes).
type Weapon struct {
	ItemType            int16  `choices:"items"`
	PowerupType         int16  `choices:"items"`
	Class               int16  `choices:"weaponclass"`
	Flags               uint16 `flags:"weapon"`
	FiringLight         int32  `unit:"fixed"`
	FiringLightDecay    int16  `unit:"ticks"`
	IdleHeight          int32  `unit:"fixed"`
	BobAmplitude        int32  `unit:"fixed"`
	KickHeight          int32  `unit:"fixed"`
	ReloadHeight        int32  `unit:"fixed"`
	IdleWidth           int32  `unit:"fixed"`
	HorizontalAmplitude int32  `unit:"fixed"`
	Collection          int16
	IdleShape           int16
	FiringShape         int16
	ReloadingShape      int16
	Unused              int16
	ChargingShape       int16
	ChargedShape        int16
	ReadyTicks          int16 `unit:"ticks"`
	AwaitReloadTicks    int16 `unit:"ticks"`
	LoadingTicks        int16 `unit:"ticks"`
	FinishLoadingTicks  int16 `unit:"ticks"`
	PowerupTicks        int16 `unit:"ticks"`
	Primary             Trigger
	Secondary           Trigger
}

// M1Monster is a Marathon 1 monster definition ("mons", 138 bytes).
type M1Monster struct {
	Collection            int16
	Vitality              int16
	Immunities            uint32 `flags:"damages"`
	Weaknesses            uint32 `flags:"damages"`
	Flags                 uint32 `flags:"monster"`
	Class                 uint32
	Friends               uint32
	Enemies               uint32
	ActivationSound       int16
	ConversationSound     int16
	FlamingSound          int16
	RandomSound           int16
	RandomSoundMask       int16
	CarriedItem           int16
	Radius                int16 `unit:"wu"`
	Height                int16 `unit:"wu"`
	HoverHeight           int16 `unit:"wu"`
	MinimumLedge          int16 `unit:"wu"`
	MaximumLedge          int16 `unit:"wu"`
	ExternalVelocityScale int32 `unit:"fixed"`
	ImpactEffect          int16 `ref:"effects"`
	MeleeImpactEffect     int16 `ref:"effects"`
	HalfVisualArc         int16 `unit:"angle"`
	HalfVerticalVisualArc int16 `unit:"angle"`
	VisualRange           int16 `unit:"wu"`
	DarkVisualRange       int16 `unit:"wu"`
	Intelligence          int16
	Speed                 int16 `unit:"speed"`
	Gravity               int16 `unit:"speed"`
	TerminalVelocity      int16 `unit:"speed"`
	DoorRetryMask         int16
	ShrapnelRadius        int16 `unit:"wu"`
	ShrapnelDamage        Damage
	HitShapes             int16
	HardDyingShape        int16
	SoftDyingShape        int16
	HardDeadShapes        int16
	SoftDeadShapes        int16
	StationaryShape       int16
	MovingShape           int16
	AttackFrequency       int16 `unit:"ticks"`
	MeleeAttack           Attack
	RangedAttack          Attack
}

// M1Effect is a Marathon 1 effect definition ("effe", 6 bytes).
type M1Effect struct {
	Collection int16
	Shape      int16
	Flags      uint16 `flags:"effect"`
}

// M1Projectile is a Marathon 1 projectile definition ("proj", 36 bytes).
type M1Projectile struct {
	Collection            int16
	Shape                 int16
	DetonationEffect      int16 `ref:"effects"`
	ContrailEffect        int16 `ref:"effects"`
	TicksBetweenContrails int16 `unit:"ticks"`
	MaximumContrails      int16
	Radius                int16 `unit:"wu"`
	AreaOfEffect          int16 `unit:"wu"`
	Damage                Damage
	Flags                 uint16 `flags:"projectile"`
	Speed                 int16  `unit:"speed"`
	MaximumRange          int16  `unit:"wu"`
	FlybySound            int16
}

// M1Constants are a Marathon 1 physics model ("phys", 100 bytes): those
// of Marathon 2 without the splash height. The file's first is an
// editor's record the engine skips.
type M1Constants struct {
	MaximumForwardVelocity       int32 `unit:"fixedspeed"`
	MaximumBackwardVelocity      int32 `unit:"fixedspeed"`
	MaximumPerpendicularVelocity int32 `unit:"fixedspeed"`
	Acceleration                 int32 `unit:"fixedaccel"`
	Deceleration                 int32 `unit:"fixedaccel"`
	AirborneDeceleration         int32 `unit:"fixedaccel"`
	GravitationalAcceleration    int32 `unit:"fixedaccel"`
	ClimbingAcceleration         int32 `unit:"fixedaccel"`
	TerminalVelocity             int32 `unit:"fixedspeed"`
	ExternalDeceleration         int32 `unit:"fixedaccel"`
	AngularAcceleration          int32 `unit:"fixedangle"`
	AngularDeceleration          int32 `unit:"fixedangle"`
	MaximumAngularVelocity       int32 `unit:"fixedangle"`
	AngularRecenteringVelocity   int32 `unit:"fixedangle"`
	FastAngularVelocity          int32 `unit:"fixedangle"`
	FastAngularMaximum           int32 `unit:"fixedangle"`
	MaximumElevation             int32 `unit:"fixedangle"`
	ExternalAngularDeceleration  int32 `unit:"fixedangle"`
	StepDelta                    int32 `unit:"fixedwu"`
	StepAmplitude                int32 `unit:"fixedwu"`
	Radius                       int32 `unit:"fixedwu"`
	Height                       int32 `unit:"fixedwu"`
	DeadHeight                   int32 `unit:"fixedwu"`
	CameraHeight                 int32 `unit:"fixedwu"`
	HalfCameraSeparation         int32 `unit:"fixedwu"`
}

// M1Weapon is a Marathon 1 weapon definition ("weap", 120 bytes), whose
// triggers' fields are interleaved.
type M1Weapon struct {
	ItemType                   int16 `choices:"items"`
	Class                      int16 `choices:"weaponclass"`
	Flags                      uint16
	PrimaryAmmunitionType      int16
	PrimaryRoundsPerMagazine   int16
	SecondaryAmmunitionType    int16
	SecondaryRoundsPerMagazine int16
	FiringLight                int32 `unit:"fixed"`
	FiringLightDecay           int16 `unit:"ticks"`
	IdleHeight                 int32 `unit:"fixed"`
	BobAmplitude               int32 `unit:"fixed"`
	KickHeight                 int32 `unit:"fixed"`
	ReloadHeight               int32 `unit:"fixed"`
	IdleWidth                  int32 `unit:"fixed"`
	HorizontalAmplitude        int32 `unit:"fixed"`
	Collection                 int16
	IdleShape                  int16
	FiringShape                int16
	ReloadingShape             int16
	Unused                     int16
	ChargingShape              int16
	ChargedShape               int16
	PrimaryTicksPerRound       int16 `unit:"ticks"`
	SecondaryTicksPerRound     int16 `unit:"ticks"`
	AwaitReloadTicks           int16 `unit:"ticks"`
	ReadyTicks                 int16 `unit:"ticks"`
	PrimaryRecoveryTicks       int16 `unit:"ticks"`
	SecondaryRecoveryTicks     int16 `unit:"ticks"`
	PrimaryChargingTicks       int16 `unit:"ticks"`
	SecondaryChargingTicks     int16 `unit:"ticks"`
	PrimaryRecoil              int16 `unit:"wu"`
	SecondaryRecoil            int16 `unit:"wu"`
	PrimaryFiringSound         int16
	SecondaryFiringSound       int16
	PrimaryClickSound          int16
	SecondaryClickSound        int16
	ReloadingSound             int16
	ChargingSound              int16
	PrimaryShellCasingSound    int16
	SecondaryShellCasingSound  int16
	PrimarySoundRange          int16 `unit:"wu"`
	SecondarySoundRange        int16 `unit:"wu"`
	PrimaryProjectile          int16 `ref:"projectiles"`
	SecondaryProjectile        int16 `ref:"projectiles"`
	PrimaryThetaError          int16 `unit:"angle"`
	SecondaryThetaError        int16 `unit:"angle"`
	PrimaryDX                  int16 `unit:"wu"`
	PrimaryDZ                  int16 `unit:"wu"`
	SecondaryDX                int16 `unit:"wu"`
	SecondaryDZ                int16 `unit:"wu"`
	PrimaryBurstCount          int16
	SecondaryBurstCount        int16
	InstantReloadTick          int16 `unit:"ticks"`
}
