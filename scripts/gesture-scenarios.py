#!/usr/bin/env python3
"""Writes Wayfinder's own gesture conformance scenarios (Tests/GesturesTests/Fixtures/*.json).

Same format as Tests/GesturesTests/Fixtures/conformance/examples.json; every expectation was worked
out by hand from the gesture semantics (docs/gestures.md). Run from the repository root after
editing; `make gesture-conformance` checks them against `wayfinder gestures replay`.
"""
import json
import math

ALL=["top","bottom","left","right"]
def R(name, type, params, sides=ALL, cancels=True, dbegan=False, dended=True, shouldBegin=True, deny=(), enabled=True):
    return {"name":name,"type":type,"sides":sides,"params":params,"cancelsTouchesInView":cancels,
            "delaysTouchesBegan":dbegan,"delaysTouchesEnded":dended,
            "delegate":{"shouldBegin":shouldBegin,"shouldReceiveTouchDenyIds":list(deny)},"enabled":enabled}
def tap(name,taps=1,touches=1,dur=300,interval=300,move=0.03,sep=0.08,**k):
    return R(name,"tap",{"numberOfTapsRequired":taps,"numberOfTouchesRequired":touches,"maximumTapDurationMs":dur,
        "maximumTapIntervalMs":interval,"allowableMovement":move,"maximumTapSeparation":sep},**k)
def lp(name,dur=500,move=0.03,touches=1,**k):
    return R(name,"long_press",{"minimumPressDurationMs":dur,"allowableMovement":move,"numberOfTouchesRequired":touches},**k)
def swipe(name,dirs=("right",),touches=1,dist=0.15,dur=500,angle=30.0,vel=0.0,**k):
    return R(name,"swipe",{"directions":list(dirs),"numberOfTouchesRequired":touches,"minimumDistance":dist,
        "maximumDurationMs":dur,"maximumAngleDeg":angle,"minimumVelocity":vel},**k)
def pan(name,mn=1,mx=None,tr=0.02,**k):
    return R(name,"pan",{"minimumNumberOfTouches":mn,"maximumNumberOfTouches":mx,"minimumTranslation":tr},**k)
def edge(name,edges=("left",),margin=0.05,tr=0.02,**k):
    return R(name,"screen_edge_pan",{"edges":list(edges),"edgeMargin":margin,"minimumTranslation":tr},**k)
def pinch(name,th=0.05,**k): return R(name,"pinch",{"scaleThreshold":th},**k)
def rot(name,th=0.05,**k): return R(name,"rotation",{"rotationThresholdRad":th},**k)
def ts(name,taps=1,tt=1,st=1,dist=0.25,gap=500,move=0.02,dur=None,**k):
    return R(name,"tap_swipe",{"numberOfTapsRequired":taps,"numberOfTapTouchesRequired":tt,"numberOfSwipeTouchesRequired":st,
        "minimumSwipeDistance":dist,"maximumStrokeGapMs":gap,"tapAllowableMovement":move,"maximumTapDurationMs":dur},**k)
def T(t,id,phase,x,y,side="right"): return {"type":"touch","t_ms":t,"id":id,"side":side,"phase":phase,"x":x,"y":y}
def EN(t,r,v): return {"type":"set_enabled","t_ms":t,"recognizer":r,"value":v}
def IG(t,r,id): return {"type":"ignore","t_ms":t,"recognizer":r,"id":id}
def E(r,state,t,**vals):
    e={"recognizer":r,"state":state}
    if isinstance(t,(list,tuple)): e["t_ms_range"]=list(t)
    else: e["t_ms"]=t
    v={}
    for k,val in vals.items():
        if isinstance(val,str): v[k]={"equals":val}
        elif isinstance(val,tuple): v[k]={"value":val[0],"tol":val[1]}
        else: v[k]={"value":val,"tol":0.001}
    e["values"]=v
    return e
def C(t,id,phase,x=None,y=None):
    c={"t_ms":t,"id":id,"phase":phase}
    if x is not None: c["x"]={"value":x,"tol":0.001}; c["y"]={"value":y,"tol":0.001}
    return c
def S(name,desc,recs,inp,exp,end=1000,req=(),sim=(),hand="right",consumer=None,pipeline=None):
    p={"handedness":hand}
    if pipeline: p.update(pipeline)
    s={"name":name,"description":desc,"pipeline":p,"recognizers":recs,
       "failureRequirements":[{"recognizer":a,"requiresFailureOf":b} for a,b in req],
       "simultaneous":[list(x) for x in sim],"input":inp,"end_t_ms":end,"expected":exp}
    if consumer is not None: s["expected_consumer"]=consumer
    return s
def tapin(t0,id,x=0.5,y=0.5,up=60,side="right"): return [T(t0,id,"began",x,y,side),T(t0+up,id,"ended",x,y,side)]


def recognizers():
    sc=[]
    sc.append(S("tap_duration_limit_is_exclusive","A tap held exactly maximumTapDurationMs fails: the timer fires before the lift frame.",
      [tap("tap")],[T(0,1,"began",0.5,0.5),T(300,1,"ended",0.5,0.5)],[E("tap","failed",300)]))
    sc.append(S("tap_moved_too_far","A touch that moves farther than allowableMovement (0.04 > 0.03) fails the tap at that move.",
      [tap("tap")],[T(0,1,"began",0.5,0.5),T(20,1,"moved",0.54,0.5),T(60,1,"ended",0.54,0.5)],[E("tap","failed",20)]))
    sc.append(S("double_tap_location_is_first_tap","Two taps within the interval: recognized at the second lift; location is the first tap's down point.",
      [tap("double",taps=2)],tapin(0,1)+tapin(200,2,x=0.52),[E("double","recognized",260,location_x=0.5,location_y=0.5)]))
    sc.append(S("double_tap_interval_expires","The second tap starts after lift+interval: the attempt fails at 360; the late tap starts a new attempt that fails at 760.",
      [tap("double",taps=2)],tapin(0,1)+tapin(400,2),[E("double","failed",360),E("double","failed",760)]))
    sc.append(S("double_tap_separation","The second tap lands 0.1 from the first (> maximumTapSeparation 0.08): fails at its touch-down.",
      [tap("double",taps=2)],tapin(0,1)+tapin(200,2,x=0.6),[E("double","failed",200)]))
    sc.append(S("two_finger_tap_centroid","Two touches down and up: recognized when the last lifts, at the centroid of the down points.",
      [tap("tap2",touches=2)],[T(0,1,"began",0.4,0.5),T(10,2,"began",0.6,0.5),T(60,1,"ended",0.4,0.5),T(70,2,"ended",0.6,0.5)],
      [E("tap2","recognized",70,location_x=0.5,location_y=0.5)]))
    sc.append(S("two_finger_tap_with_one_finger_fails","A tap that ends with fewer touches than required fails at its lift.",
      [tap("tap2",touches=2)],tapin(0,1),[E("tap2","failed",60)]))
    sc.append(S("tap_too_many_touches","A second touch in a one-touch tap fails it.",
      [tap("tap")],[T(0,1,"began",0.5,0.5),T(10,2,"began",0.6,0.5),T(40,1,"ended",0.5,0.5),T(50,2,"ended",0.6,0.5)],[E("tap","failed",10)]))
    sc.append(S("three_quick_taps_give_one_double","Counting restarts after recognition: the third tap begins a new attempt that fails when its interval expires.",
      [tap("double",taps=2)],tapin(0,1)+tapin(150,2)+tapin(300,3),[E("double","recognized",210),E("double","failed",660)]))
    sc.append(S("palm_resting_does_not_block_a_later_tap","A touch that stays down makes the tap fail at its duration; after the reset it is excluded, so a later tap is recognized.",
      [tap("tap")],[T(0,1,"began",0.1,0.1)]+tapin(400,2),[E("tap","failed",300),E("tap","recognized",460,location_x=0.5,location_y=0.5)]))
    sc.append(S("tap_moving_exactly_the_allowance_is_a_tap","A move of exactly allowableMovement (0.53 - 0.5 = 0.03) is not farther than it: still a tap.",
      [tap("tap")],[T(0,1,"began",0.5,0.5),T(20,1,"moved",0.53,0.5),T(60,1,"ended",0.53,0.5)],[E("tap","recognized",60)]))
    sc.append(S("swipe_of_exactly_the_minimum_distance","A stroke of exactly minimumDistance (0.35 - 0.2 = 0.15) is a swipe.",
      [swipe("swipe")],[T(0,1,"began",0.2,0.5),T(20,1,"moved",0.35,0.5),T(40,1,"ended",0.35,0.5)],[E("swipe","recognized",20,direction="right")]))
    sc.append(S("long_press_moved_too_far","Moving 0.05 before the press fires fails the long press.",
      [lp("lp")],[T(0,1,"began",0.4,0.5),T(100,1,"moved",0.45,0.5),T(700,1,"ended",0.45,0.5)],[E("lp","failed",100)]))
    sc.append(S("long_press_lifted_early","Lifting before minimumPressDurationMs fails it.",
      [lp("lp")],[T(0,1,"began",0.4,0.5),T(300,1,"ended",0.4,0.5)],[E("lp","failed",300)]))
    sc.append(S("long_press_two_touches","The timer starts when the second touch arrives; a surplus touch while active is refused (no changed); ended when one lifts, at the centroid including its final position.",
      [lp("lp",touches=2)],[T(0,1,"began",0.4,0.5),T(100,2,"began",0.6,0.5),T(650,3,"began",0.3,0.3),T(660,3,"moved",0.2,0.3),T(670,3,"ended",0.2,0.3),
       T(700,2,"moved",0.62,0.5),T(800,1,"ended",0.4,0.5),T(900,2,"ended",0.62,0.5)],
      [E("lp","began",600,location_x=0.5,location_y=0.5),E("lp","changed",700,location_x=0.51,location_y=0.5),E("lp","ended",800,location_x=0.51,location_y=0.5)]))
    sc.append(S("swipe_too_slow","Not far enough by firstDown+maximumDurationMs: fails at 500.",
      [swipe("swipe")],[T(0,1,"began",0.2,0.5),T(100,1,"moved",0.25,0.5),T(200,1,"moved",0.3,0.5),T(400,1,"moved",0.33,0.5),T(600,1,"moved",0.45,0.5),T(650,1,"ended",0.45,0.5)],
      [E("swipe","failed",500)]))
    sc.append(S("swipe_wrong_direction","A leftward stroke for a right-only swipe fails when the touch lifts.",
      [swipe("swipe")],[T(0,1,"began",0.5,0.5),T(20,1,"moved",0.4,0.5),T(40,1,"moved",0.3,0.5),T(60,1,"ended",0.3,0.5)],[E("swipe","failed",60)]))
    sc.append(S("swipe_angle_too_steep","Displacement (0.2, 0.15) is 36.9 degrees off the axis (> 30): not a swipe.",
      [swipe("swipe")],[T(0,1,"began",0.2,0.5),T(20,1,"moved",0.3,0.575),T(40,1,"moved",0.4,0.65),T(60,1,"ended",0.4,0.65)],[E("swipe","failed",60)]))
    sc.append(S("swipe_up_among_left_and_up","Directions are checked right, left, up, down; an upward stroke matches up.",
      [swipe("swipe",dirs=("left","up"))],[T(0,1,"began",0.5,0.6),T(20,1,"moved",0.5,0.5),T(40,1,"moved",0.49,0.42),T(60,1,"ended",0.49,0.42)],
      [E("swipe","recognized",40,direction="up",location_x=0.5,location_y=0.6)]))
    sc.append(S("swipe_below_minimum_velocity","Average speed 0.6 u/s < minimumVelocity 2: never recognized, fails at lift.",
      [swipe("swipe",vel=2.0)],[T(0,1,"began",0.2,0.5),T(300,1,"moved",0.38,0.5),T(400,1,"moved",0.5,0.5),T(450,1,"ended",0.5,0.5)],[E("swipe","failed",450)]))
    sc.append(S("swipe_above_minimum_velocity","0.18 u in 60 ms = 3 u/s >= 2: recognized at 60.",
      [swipe("swipe",vel=2.0)],[T(0,1,"began",0.2,0.5),T(20,1,"moved",0.26,0.5),T(40,1,"moved",0.32,0.5),T(60,1,"moved",0.38,0.5),T(80,1,"ended",0.38,0.5)],
      [E("swipe","recognized",60,direction="right")]))
    sc.append(S("swipe_two_touches","Two-touch swipe: start is the centroid once both are down.",
      [swipe("swipe",touches=2)],[T(0,1,"began",0.2,0.4),T(0,2,"began",0.2,0.6),T(20,1,"moved",0.28,0.4),T(20,2,"moved",0.28,0.6),T(40,1,"moved",0.36,0.4),T(40,2,"moved",0.36,0.6),
       T(60,1,"ended",0.36,0.4),T(60,2,"ended",0.36,0.6)],[E("swipe","recognized",40,direction="right",location_x=0.2,location_y=0.5)]))
    sc.append(S("pan_needs_two_touches","minimumNumberOfTouches 2: one moving touch never begins; lifting fails it.",
      [pan("pan",mn=2)],[T(0,1,"began",0.3,0.5),T(20,1,"moved",0.4,0.5),T(60,1,"ended",0.4,0.5)],[E("pan","failed",60)]))
    sc.append(S("pan_too_many_touches_while_possible","maximumNumberOfTouches 1: a second touch before the pan began fails it.",
      [pan("pan",mx=1)],[T(0,1,"began",0.3,0.5),T(10,2,"began",0.5,0.5),T(20,1,"moved",0.4,0.5),T(60,1,"ended",0.4,0.5),T(70,2,"ended",0.5,0.5)],[E("pan","failed",10)]))
    sc.append(S("pan_velocity","Velocity is the translation change since the previous moving frame, per second; ended keeps the last moving frame's velocity.",
      [pan("pan")],[T(0,1,"began",0.3,0.4),T(20,1,"moved",0.33,0.4),T(40,1,"moved",0.37,0.4),T(60,1,"ended",0.37,0.4)],
      [E("pan","began",20,translation_x=0.03,velocity_x=(1.5,0.01),velocity_y=(0,0.01)),E("pan","changed",40,translation_x=0.07,velocity_x=(2.0,0.01)),
       E("pan","ended",60,translation_x=0.07,velocity_x=(2.0,0.01))]))
    sc.append(S("pan_second_touch_rebases","A touch joining an active pan emits changed without a jump; translation then follows the new centroid; lifting one of two emits changed, the last lift ends.",
      [pan("pan")],[T(0,1,"began",0.3,0.5),T(20,1,"moved",0.35,0.5),T(40,2,"began",0.6,0.5),T(60,1,"moved",0.4,0.5),T(60,2,"moved",0.65,0.5),T(80,1,"ended",0.4,0.5),T(100,2,"ended",0.65,0.5)],
      [E("pan","began",20,translation_x=0.05,location_x=0.35),E("pan","changed",40,translation_x=0.05,location_x=0.475),
       E("pan","changed",60,translation_x=0.1,location_x=0.525,velocity_x=(1.25,0.01)),E("pan","changed",80,translation_x=0.1),E("pan","ended",100,translation_x=0.1)]))
    sc.append(S("edge_pan_from_left_edge","Starting within edgeMargin of the left edge: an edge pan.",
      [edge("edge")],[T(0,1,"began",0.03,0.5),T(20,1,"moved",0.06,0.5),T(40,1,"moved",0.1,0.5),T(60,1,"ended",0.1,0.5)],
      [E("edge","began",20,translation_x=0.03),E("edge","changed",40,translation_x=0.07),E("edge","ended",60,translation_x=0.07)]))
    sc.append(S("edge_pan_away_from_edge","Starting 0.1 from the left edge (margin 0.05): fails at touch-down.",
      [edge("edge")],[T(0,1,"began",0.1,0.5),T(20,1,"moved",0.2,0.5),T(40,1,"ended",0.2,0.5)],[E("edge","failed",0)]))
    sc.append(S("edge_pan_tracks_first_touch_only","A later touch is refused: its moves cause no changed and do not move the translation.",
      [edge("edge",edges=("right","left"))],[T(0,1,"began",0.97,0.5),T(10,2,"began",0.5,0.5),T(20,1,"moved",0.93,0.5),T(30,2,"moved",0.2,0.5),T(40,1,"ended",0.93,0.5),T(50,2,"ended",0.2,0.5)],
      [E("edge","began",20,translation_x=-0.04,location_x=0.93),E("edge","ended",40,translation_x=-0.04)]))
    sc.append(S("pinch_lifted_without_moving","Two touches that lift without moving: pinch fails when both are up.",
      [pinch("pinch")],[T(0,1,"began",0.4,0.5),T(0,2,"began",0.6,0.5),T(50,1,"ended",0.4,0.5),T(60,2,"ended",0.6,0.5)],[E("pinch","failed",60)]))
    sc.append(S("pinch_third_touch_refused","A third touch is refused: it does not move the centroid or the scale.",
      [pinch("pinch")],[T(0,1,"began",0.4,0.5),T(0,2,"began",0.6,0.5),T(5,3,"began",0.5,0.2),T(16,1,"moved",0.39,0.5),T(16,2,"moved",0.61,0.5),T(16,3,"moved",0.5,0.1),
       T(30,1,"ended",0.39,0.5),T(40,2,"ended",0.61,0.5),T(50,3,"ended",0.5,0.1)],
      [E("pinch","began",16,scale=1.1,location_x=0.5,location_y=0.5),E("pinch","ended",40,scale=1.1)]))
    sc.append(S("pinch_closing","Fingers moving together: scale below 1.",
      [pinch("pinch")],[T(0,1,"began",0.3,0.5),T(0,2,"began",0.7,0.5),T(20,1,"moved",0.35,0.5),T(20,2,"moved",0.65,0.5),T(40,1,"ended",0.35,0.5),T(40,2,"ended",0.65,0.5)],
      [E("pinch","began",20,scale=0.75,velocity=(-12.5,0.1)),E("pinch","ended",40,scale=0.75)]))
    def rp(deg,c=(0.5,0.5),r=0.1):
        a=math.radians(deg); return (c[0]-r*math.cos(a),c[1]-r*math.sin(a)),(c[0]+r*math.cos(a),c[1]+r*math.sin(a))
    inp=[]
    for i,(t,deg) in enumerate([(0,150),(20,180),(40,210),(60,240)]):
        p1,p2=rp(deg); ph="began" if i==0 else "moved"
        inp+= [T(t,1,ph,*p1),T(t,2,ph,*p2)]
    p1,p2=rp(240); inp+=[T(80,1,"ended",*p1),T(80,2,"ended",*p2)]
    sc.append(S("rotation_continuous_across_pi","The pair's angle goes 150, 180, -150, -120 degrees: rotation keeps growing (pi/6, pi/3, pi/2) instead of jumping by 2 pi.",
      [rot("rot")],inp,[E("rot","began",20,rotation=math.pi/6,velocity=(26.18,0.1)),E("rot","changed",40,rotation=math.pi/3),E("rot","changed",60,rotation=math.pi/2),E("rot","ended",80,rotation=math.pi/2)]))
    sc.append(S("tapswipe_zero_taps","numberOfTapsRequired 0: the first stroke is the swipe.",
      [ts("cut",taps=0)],[T(0,1,"began",0.2,0.5),T(20,1,"moved",0.35,0.5),T(40,1,"moved",0.5,0.5),T(60,1,"ended",0.5,0.5)],
      [E("cut","recognized",60,taps=(0,0),swipe_dx=0.3,swipe_dy=0.0,location_x=0.2,location_y=0.5)]))
    sc.append(S("tapswipe_two_taps","Two taps then a downward swipe.",
      [ts("cut",taps=2)],tapin(0,1,up=40)+tapin(200,2,up=40)+[T(400,3,"began",0.3,0.3),T(430,3,"moved",0.3,0.45),T(460,3,"moved",0.3,0.6),T(470,3,"ended",0.3,0.6)],
      [E("cut","recognized",470,taps=(2,0),swipe_dx=0.0,swipe_dy=0.3,location_x=0.3,location_y=0.3)]))
    sc.append(S("tapswipe_gap_expired","The swipe starts after lift+maximumStrokeGapMs: fails at 540.",
      [ts("cut")],tapin(0,1,up=40)+[T(600,2,"began",0.3,0.3),T(620,2,"moved",0.6,0.3),T(640,2,"ended",0.6,0.3)],[E("cut","failed",540)]))
    sc.append(S("tapswipe_tap_moved","A tap stroke that moves 0.03 (> tapAllowableMovement 0.02) fails.",
      [ts("cut")],[T(0,1,"began",0.5,0.5),T(20,1,"moved",0.53,0.5),T(40,1,"ended",0.53,0.5)],[E("cut","failed",20)]))
    sc.append(S("tapswipe_short_swipe","A swipe stroke that never latches arms the gap timer and fails when it expires.",
      [ts("cut",taps=0)],[T(0,1,"began",0.2,0.5),T(20,1,"moved",0.3,0.5),T(60,1,"ended",0.3,0.5)],[E("cut","failed",560)]))
    sc.append(S("tapswipe_tap_duration","maximumTapDurationMs 200: a tap stroke held 250 ms fails at 200.",
      [ts("cut",dur=200)],[T(0,1,"began",0.5,0.5),T(250,1,"ended",0.5,0.5)],[E("cut","failed",200)]))
    sc.append(S("left_handed_swipe_is_mirrored","handedness left: a physical right-to-left stroke is a rightward swipe; values and consumer are mirrored.",
      [swipe("swipe")],[T(0,1,"began",0.8,0.5),T(20,1,"moved",0.74,0.5),T(40,1,"moved",0.66,0.5),T(60,1,"moved",0.6,0.5),T(80,1,"ended",0.6,0.5)],
      [E("swipe","recognized",60,direction="right",location_x=0.2,location_y=0.5)],hand="left",
      consumer=[C(0,1,"began",0.2,0.5),C(20,1,"moved",0.26,0.5),C(40,1,"moved",0.34,0.5),C(60,1,"cancelled")]))
    write('recognizers', {"schema":"gesture-conformance/1","purpose":"Recognizer scenarios written for Wayfinder from the recognizer semantics in docs/gestures.md (expectations worked out by hand).","scenarios":sc})


def arbitration():
    sc=[]
    sc.append(S("triple_double_single_chain","double requires triple; tap requires triple and double: three taps yield only triple; the waiting recognizers fail when it wins.",
      [tap("tap"),tap("double",taps=2),tap("triple",taps=3)],tapin(0,1,up=40)+tapin(100,2,up=40)+tapin(200,3,up=40),
      [E("triple","recognized",240),E("double","failed",240),E("tap","failed",240)],req=[("double","triple"),("tap","triple"),("tap","double")]))
    sc.append(S("single_tap_after_double_and_triple_fail","With the same chain, one tap is reported when both longer taps have failed: at lift + interval.",
      [tap("tap"),tap("double",taps=2),tap("triple",taps=3)],tapin(0,1,up=40),
      [E("double","failed",340),E("triple","failed",340),E("tap","recognized",340)],req=[("double","triple"),("tap","triple"),("tap","double")]))
    sc.append(S("tap_registered_before_double_tap","[tap, doubleTap] without requirements: a tap never prevents a tap needing more taps, so tap twice and doubleTap once.",
      [tap("tap"),tap("double",taps=2)],tapin(0,1,up=40)+tapin(100,2,up=40),
      [E("tap","recognized",40),E("tap","recognized",140),E("double","recognized",140)]))
    sc.append(S("double_tap_registered_before_tap","[doubleTap, tap]: one tap, then the double tap, which prevents the second single tap.",
      [tap("double",taps=2),tap("tap")],tapin(0,1,up=40)+tapin(100,2,up=40),
      [E("tap","recognized",40),E("double","recognized",140),E("tap","failed",140)]))
    sc.append(S("pan_prevents_swipe","Pan and swipe share the touch; the pan begins first and fails the swipe.",
      [pan("pan"),swipe("swipe")],[T(0,1,"began",0.2,0.5),T(20,1,"moved",0.26,0.5),T(40,1,"moved",0.32,0.5),T(60,1,"moved",0.38,0.5),T(80,1,"ended",0.38,0.5)],
      [E("pan","began",20,translation_x=0.06),E("pan","changed",40),E("pan","changed",60),E("pan","ended",80),E("swipe","failed",20)]))
    sc.append(S("pan_and_swipe_simultaneous","Declared simultaneous, both recognize.",
      [pan("pan"),swipe("swipe")],[T(0,1,"began",0.2,0.5),T(20,1,"moved",0.26,0.5),T(40,1,"moved",0.32,0.5),T(60,1,"moved",0.38,0.5),T(80,1,"ended",0.38,0.5)],
      [E("pan","began",20),E("pan","changed",40),E("pan","changed",60),E("pan","ended",80),E("swipe","recognized",60,direction="right")],sim=[("pan","swipe")]))
    sc.append(S("active_pan_blocks_later_swipe","A swipe registered first but proposing after the pan began is blocked by the active pan.",
      [swipe("swipe",dist=0.1),pan("pan",tr=0.02)],[T(0,1,"began",0.2,0.5),T(20,1,"moved",0.23,0.5),T(40,1,"moved",0.32,0.5),T(60,1,"ended",0.32,0.5)],
      [E("pan","began",20),E("pan","changed",40),E("pan","ended",60),E("swipe","failed",20)]))
    sc.append(S("should_begin_false_prevents_nothing","tapA's shouldBegin says no: it fails and does not prevent tapB, which shares the touch.",
      [tap("tapA",shouldBegin=False),tap("tapB")],tapin(0,1,up=40),[E("tapA","failed",40),E("tapB","recognized",40)]))
    sc.append(S("first_tap_prevents_equal_tap","Without shouldBegin false, the first of two equal taps wins and fails the other.",
      [tap("tapA"),tap("tapB")],tapin(0,1,up=40),[E("tapA","recognized",40),E("tapB","failed",40)]))
    sc.append(S("should_receive_touch_denied","The delegate denies touch 1: the tap never sees it; touch 2 taps normally.",
      [tap("tap",deny=[1])],tapin(0,1,up=40)+tapin(200,2,up=40),[E("tap","recognized",240)]))
    sc.append(S("disable_active_pan_cancels","Disabling an active pan cancels it; its touch stays excluded after re-enabling; a new touch pans again.",
      [pan("pan")],[T(0,1,"began",0.3,0.5),T(20,1,"moved",0.35,0.5),EN(50,"pan",False),T(60,1,"moved",0.4,0.5),EN(70,"pan",True),T(80,1,"moved",0.5,0.5),
       T(100,2,"began",0.5,0.5),T(120,2,"moved",0.55,0.5),T(140,1,"ended",0.5,0.5),T(150,2,"ended",0.55,0.5)],
      [E("pan","began",20),E("pan","cancelled",50,translation_x=0.05),E("pan","began",120,translation_x=0.05),E("pan","ended",150)]))
    sc.append(S("disable_engaged_tap_fails","Disabling a tap with a touch down fails it; the lift afterwards does nothing.",
      [tap("tap")],[T(0,1,"began",0.5,0.5),EN(30,"tap",False),T(60,1,"ended",0.5,0.5)],[E("tap","failed",30)]))
    sc.append(S("disabled_from_start","A recognizer configured disabled receives nothing until enabled.",
      [tap("tap",enabled=False)],tapin(0,1,up=40)+[EN(100,"tap",True)]+tapin(200,2,up=40),[E("tap","recognized",240)]))
    sc.append(S("ignore_touch_rebases_pan","Ignoring one of two pan touches: no event, translation re-based, the ignored touch no longer moves it.",
      [pan("pan")],[T(0,1,"began",0.3,0.5),T(0,2,"began",0.5,0.5),T(20,1,"moved",0.35,0.5),T(20,2,"moved",0.55,0.5),IG(30,"pan",2),
       T(40,1,"moved",0.4,0.5),T(40,2,"moved",0.9,0.9),T(60,1,"ended",0.4,0.5),T(70,2,"ended",0.9,0.9)],
      [E("pan","began",20,translation_x=0.05,location_x=0.45),E("pan","changed",40,translation_x=0.1,translation_y=0.0,location_x=0.4),E("pan","ended",60,translation_x=0.1)]))
    sc.append(S("requirement_on_other_side_does_not_delay","tap (left strip) requires doubleTap (right strip); the idle doubleTap does not delay a left tap.",
      [tap("double",taps=2,sides=["right"]),tap("tap",sides=["left"])],tapin(0,1,up=40,side="left"),[E("tap","recognized",40)],req=[("tap","double")]))
    sc.append(S("unlistened_side_does_not_count","A touch on a side the tap does not listen to cannot make it fail with too many touches.",
      [tap("tap",sides=["left"])],[T(0,1,"began",0.5,0.5,"left"),T(10,2,"began",0.5,0.5,"right"),T(30,2,"ended",0.5,0.5,"right"),T(40,1,"ended",0.5,0.5,"left")],[E("tap","recognized",40)]))
    sc.append(S("pending_pan_begins_when_swipe_fails","pan requires swipe: it stays pending while the swipe is engaged and begins at the swipe's failure time with its latest values.",
      [pan("pan"),swipe("swipe",dur=100)],[T(0,1,"began",0.3,0.5),T(20,1,"moved",0.33,0.5),T(40,1,"moved",0.36,0.5),T(60,1,"moved",0.39,0.5),T(80,1,"moved",0.42,0.5),
       T(110,1,"moved",0.48,0.5),T(130,1,"ended",0.48,0.5)],
      [E("swipe","failed",100),E("pan","began",100,translation_x=0.12,velocity_x=(1.5,0.01)),E("pan","changed",110,translation_x=0.18),E("pan","ended",130)],req=[("pan","swipe")]))
    sc.append(S("pending_tap_cancels_consumer_touch_at_release","tap waits for doubleTap: the consumer's ended is withheld and becomes cancelled when the tap is recognized at 380.",
      [tap("double",taps=2),tap("tap")],tapin(0,1,up=80),[E("double","failed",380),E("tap","recognized",380)],req=[("tap","double")],
      consumer=[C(0,1,"began",0.5,0.5),C(380,1,"cancelled")]))
    sc.append(S("pinch_and_rotation_simultaneous","A pinch and a rotation declared simultaneous both begin on the same two touches.",
      [pinch("pinch"),rot("rot")],[T(0,1,"began",0.4,0.5),T(0,2,"began",0.6,0.5),T(20,1,"moved",0.38,0.48),T(20,2,"moved",0.62,0.52),T(40,1,"ended",0.38,0.48),T(40,2,"ended",0.62,0.52)],
      [E("pinch","began",20,scale=(1.21655,0.001)),E("pinch","ended",40),E("rot","began",20,rotation=(0.16515,0.001)),E("rot","ended",40)],sim=[("pinch","rot")]))
    sc.append(S("pinch_prevents_rotation_without_pair","Without a simultaneous pair, the pinch (registered first) wins and the rotation fails.",
      [pinch("pinch"),rot("rot")],[T(0,1,"began",0.4,0.5),T(0,2,"began",0.6,0.5),T(20,1,"moved",0.38,0.48),T(20,2,"moved",0.62,0.52),T(40,1,"ended",0.38,0.48),T(40,2,"ended",0.62,0.52)],
      [E("pinch","began",20),E("pinch","ended",40),E("rot","failed",20)]))
    write('arbitration', {"schema":"gesture-conformance/1","purpose":"Arbitration scenarios written for Wayfinder from the exclusivity and failure-requirement rules in docs/gestures.md (expectations worked out by hand).","scenarios":sc})


def delivery():
    sc=[]
    sc.append(S("delays_began_then_recognized_discards","delaysTouchesBegan: the tap's began is withheld; recognition with cancels discards it, so the consumer hears nothing of the touch.",
      [tap("tap",dbegan=True)],tapin(0,1),[E("tap","recognized",60)],consumer=[]))
    sc.append(S("delays_began_released_on_failure","delaysTouchesBegan: when the tap fails (moved too far at 20) the consumer gets the withheld began at its original position and one moved at the current one, both at 20; later events flow.",
      [tap("tap",dbegan=True)],[T(0,1,"began",0.5,0.5),T(10,1,"moved",0.51,0.5),T(20,1,"moved",0.6,0.5),T(40,1,"moved",0.62,0.5),T(60,1,"ended",0.62,0.5)],[E("tap","failed",20)],
      consumer=[C(20,1,"began",0.5,0.5),C(20,1,"moved",0.6,0.5),C(40,1,"moved",0.62,0.5),C(60,1,"ended",0.62,0.5)]))
    sc.append(S("double_tap_delays_first_ended","A lone double tap delays the first tap's ended by the inter-tap interval (released when it fails at 360).",
      [tap("double",taps=2)],tapin(0,1),[E("double","failed",360)],consumer=[C(0,1,"began",0.5,0.5),C(360,1,"ended",0.5,0.5)]))
    sc.append(S("double_tap_cancels_both_touches","delaysTouchesEnded: the first tap's ended is still withheld at the second lift, so recognition cancels both touches.",
      [tap("double",taps=2)],tapin(0,1)+tapin(200,2),[E("double","recognized",260)],
      consumer=[C(0,1,"began"),C(260,1,"cancelled"),C(200,2,"began"),C(260,2,"cancelled")]))
    sc.append(S("double_tap_without_delays_ended","delaysTouchesEnded false: the first tap's ended is delivered at once; recognition cancels only the second touch.",
      [tap("double",taps=2,dended=False)],tapin(0,1)+tapin(200,2),[E("double","recognized",260)],
      consumer=[C(0,1,"began"),C(60,1,"ended"),C(200,2,"began"),C(260,2,"cancelled")]))
    sc.append(S("pan_without_cancels","cancelsTouchesInView false: the consumer gets every event of the panning touch.",
      [pan("pan",cancels=False)],[T(0,1,"began",0.3,0.5),T(16,1,"moved",0.31,0.5),T(32,1,"moved",0.34,0.5),T(48,1,"moved",0.38,0.5),T(64,1,"ended",0.38,0.5)],
      [E("pan","began",32),E("pan","changed",48),E("pan","ended",64)],
      consumer=[C(0,1,"began"),C(16,1,"moved"),C(32,1,"moved"),C(48,1,"moved"),C(64,1,"ended",0.38,0.5)]))
    sc.append(S("unwatched_side_flows_through","No recognizer listens to the right strip: its touch reaches the consumer untouched while a left tap is recognized and cancelled.",
      [tap("tap",sides=["left"],dbegan=True)],[T(0,1,"began",0.5,0.5,"left"),T(0,2,"began",0.2,0.2),T(30,2,"moved",0.3,0.2),T(60,1,"ended",0.5,0.5,"left"),T(60,2,"ended",0.3,0.2)],[E("tap","recognized",60)],
      consumer=[C(0,2,"began",0.2,0.2),C(30,2,"moved",0.3,0.2),C(60,2,"ended",0.3,0.2)]))
    sc.append(S("ignored_touch_is_not_cancelled","The pan ignores touch 2 before it begins: on recognition only touch 1 is cancelled; touch 2 keeps flowing and its ended is not delayed.",
      [pan("pan")],[T(0,1,"began",0.3,0.5),T(0,2,"began",0.6,0.5),IG(10,"pan",2),T(20,1,"moved",0.35,0.5),T(30,2,"moved",0.7,0.5),T(40,2,"ended",0.7,0.5),T(60,1,"ended",0.35,0.5)],
      [E("pan","began",20,translation_x=0.05),E("pan","ended",60)],
      consumer=[C(0,1,"began"),C(20,1,"cancelled"),C(0,2,"began"),C(30,2,"moved"),C(40,2,"ended")]))
    sc.append(S("long_press_cancels_at_began","A long press with cancels: the consumer's touch is cancelled when it begins at 500.",
      [lp("lp")],[T(0,1,"began",0.5,0.5),T(700,1,"ended",0.5,0.5)],[E("lp","began",500),E("lp","ended",700)],consumer=[C(0,1,"began"),C(500,1,"cancelled")]))
    write('delivery', {"schema":"gesture-conformance/1","purpose":"Consumer-delivery scenarios written for Wayfinder from the delivery rules in docs/gestures.md.","scenarios":sc})


def robustness():
    sc=[]
    sc.append(S("moved_before_began_is_dropped","A moved for an id that is not live is dropped; the tap from the later began is recognized with its own location.",
      [tap("tap")],[T(0,1,"moved",0.9,0.9),T(10,1,"began",0.5,0.5),T(50,1,"ended",0.5,0.5)],[E("tap","recognized",50,location_x=0.5,location_y=0.5)],
      consumer=[C(10,1,"began"),C(50,1,"cancelled")]))
    sc.append(S("duplicate_ended_is_dropped","A second ended for the same touch is dropped: one recognition, no second consumer event.",
      [tap("tap")],[T(0,1,"began",0.5,0.5),T(40,1,"ended",0.5,0.5),T(45,1,"ended",0.5,0.5)],[E("tap","recognized",40)],consumer=[C(0,1,"began"),C(40,1,"cancelled")]))
    sc.append(S("side_mismatch_is_dropped","An event for touch 1 from another strip is dropped, so its far-away position does not fail the tap.",
      [tap("tap")],[T(0,1,"began",0.5,0.5),T(20,1,"moved",0.9,0.9,"left"),T(40,1,"ended",0.5,0.5)],[E("tap","recognized",40)]))
    sc.append(S("non_finite_coordinates_are_dropped","A moved with NaN coordinates is dropped.",
      [tap("tap")],[T(0,1,"began",0.5,0.5),T(20,1,"moved",float("nan"),0.5),T(25,1,"moved",0.5,float("inf")),T(40,1,"ended",0.5,0.5)],[E("tap","recognized",40)],
      consumer=[C(0,1,"began"),C(40,1,"cancelled")]))
    sc.append(S("out_of_range_coordinates_are_clamped","x = 1.2 is clamped to 1.",
      [tap("tap")],[T(0,1,"began",1.2,-0.1),T(40,1,"ended",1.2,-0.1)],[E("tap","recognized",40,location_x=1.0,location_y=0.0)]))
    sc.append(S("reused_id_cancels_the_old_touch","A began for a live id cancels the old touch first (the pan is cancelled), then a new touch starts a new attempt.",
      [pan("pan")],[T(0,1,"began",0.3,0.5),T(20,1,"moved",0.35,0.5),T(40,1,"began",0.6,0.6),T(60,1,"moved",0.65,0.6),T(80,1,"ended",0.65,0.6)],
      [E("pan","began",20),E("pan","cancelled",40,translation_x=0.05),E("pan","began",60,translation_x=0.05,location_x=0.65),E("pan","ended",80)],
      consumer=[C(0,1,"began"),C(20,1,"cancelled"),C(40,1,"began"),C(60,1,"cancelled")]))
    sc.append(S("late_stamp_is_processed_at_the_clock","An item stamped earlier than the clock is processed at the current clock value, as a frame of its own.",
      [lp("lp")],[T(0,1,"began",0.5,0.5),T(700,1,"moved",0.55,0.5),T(650,1,"moved",0.6,0.5),T(800,1,"ended",0.6,0.5)],
      [E("lp","began",500),E("lp","changed",700,location_x=0.55),E("lp","changed",700,location_x=0.6),E("lp","ended",800)]))
    sc.append(S("stale_touch_is_cancelled","staleTouchTimeoutMs 200: a touch silent for 200 ms is cancelled, cancelling the active pan at 220.",
      [pan("pan")],[T(0,1,"began",0.3,0.5),T(20,1,"moved",0.35,0.5),T(500,1,"moved",0.5,0.5)],[E("pan","began",20),E("pan","cancelled",220)],pipeline={"staleTouchTimeoutMs":200}))
    sc.append(S("unknown_control_targets_are_harmless","Control items naming an unknown recognizer or touch change nothing.",
      [tap("tap")],[EN(0,"nobody",False),IG(5,"tap",42),IG(6,"nobody",1)]+tapin(10,1,up=40),[E("tap","recognized",50)]))
    sc.append(S("advance_fires_due_timers","After the last item the harness advances to end_t_ms, which fires the double tap's interval timer.",
      [tap("double",taps=2)],tapin(0,1),[E("double","failed",360)],end=400))
    sc.append(S("advance_stops_before_deadline","Advancing to a time before the deadline fires nothing.",
      [tap("double",taps=2)],tapin(0,1),[],end=300))
    sc.append(S("same_time_begin_and_end","A touch that begins and ends in one frame is a tap of zero duration; the recognition's cancel precedes the frame's events, so the consumer hears nothing of it.",
      [tap("tap")],[T(0,1,"began",0.5,0.5),T(0,1,"ended",0.5,0.5)],[E("tap","recognized",0)],consumer=[]))
    write('robustness', {"schema":"gesture-conformance/1","purpose":"Input-sanitising and clock scenarios written for Wayfinder from the frame and sanitising rules in docs/gestures.md.","scenarios":sc})


def audit():
    """Scenarios of an independent audit of the gesture semantics: thresholds hit exactly, several touches and sides,
    handedness, cancelled touches, disabling, three-recognizer chains, direction masks, sign conventions."""
    sc=[]
    # Tap: duration just inside, taps x touches
    sc.append(S("tap_duration_just_inside_limit","A tap lifted 1 ms before maximumTapDurationMs is recognized.",
      [tap("tap")],[T(0,1,"began",0.5,0.5),T(299,1,"ended",0.5,0.5)],[E("tap","recognized",299)]))
    sc.append(S("double_tap_second_down_exactly_at_interval","The second tap lands exactly at lift+maximumTapIntervalMs: the interval timer fires first, the attempt fails at 360 and the late tap begins a new attempt.",
      [tap("double",taps=2)],tapin(0,1)+tapin(360,2),[E("double","failed",360),E("double","failed",720)]))
    sc.append(S("double_tap_second_down_just_inside_interval","The second tap lands 1 ms before the interval expires: recognized at its lift.",
      [tap("double",taps=2)],tapin(0,1)+tapin(359,2),[E("double","recognized",419,location_x=0.5,location_y=0.5)]))
    sc.append(S("two_touch_double_tap","numberOfTapsRequired 2 x numberOfTouchesRequired 2: recognized at the last lift of the second tap, location = centroid of the first tap's down points.",
      [tap("tap22",taps=2,touches=2)],[T(0,1,"began",0.46,0.5),T(0,2,"began",0.54,0.6),T(50,1,"ended",0.46,0.5),T(55,2,"ended",0.54,0.6),
       T(200,3,"began",0.47,0.5),T(205,4,"began",0.55,0.6),T(250,3,"ended",0.47,0.5),T(260,4,"ended",0.55,0.6)],
      [E("tap22","recognized",260,location_x=0.5,location_y=0.55)]))
    sc.append(S("three_touch_tap_across_sides","A three-touch tap on three different strips: sides do not matter to geometry; location = plain centroid.",
      [tap("tap3",touches=3)],[T(0,1,"began",0.1,0.5,"left"),T(5,2,"began",0.9,0.5,"right"),T(10,3,"began",0.5,0.2,"top"),
       T(60,1,"ended",0.1,0.5,"left"),T(60,2,"ended",0.9,0.5,"right"),T(70,3,"ended",0.5,0.2,"top")],
      [E("tap3","recognized",70,location_x=0.5,location_y=0.4)]))
    sc.append(S("triple_tap","Three quick taps for numberOfTapsRequired 3: recognized at the third lift.",
      [tap("triple",taps=3)],tapin(0,1)+tapin(150,2)+tapin(300,3,x=0.51),[E("triple","recognized",360,location_x=0.5,location_y=0.5)]))
    sc.append(S("tap_cancelled_touch_fails","A cancelled touch fails a discrete tap; no action.",
      [tap("tap")],[T(0,1,"began",0.5,0.5),T(40,1,"cancelled",0.5,0.5)],[E("tap","failed",40)]))
    sc.append(S("two_touch_tap_second_lifts_late_still_counts","Touches of one tap may lift at different times; the tap ends when all are up.",
      [tap("tap2",touches=2)],[T(0,1,"began",0.4,0.5),T(20,2,"began",0.6,0.5),T(40,1,"ended",0.4,0.5),T(250,2,"ended",0.6,0.5)],
      [E("tap2","recognized",250,location_x=0.5,location_y=0.5)]))
    # Long press
    sc.append(S("long_press_lift_at_exact_duration","The press timer (deadline 500) fires before the lift frame at 500: began then ended at 500.",
      [lp("lp")],[T(0,1,"began",0.4,0.5),T(500,1,"ended",0.4,0.5)],[E("lp","began",500,location_x=0.4,location_y=0.5),E("lp","ended",500,location_x=0.4,location_y=0.5)]))
    sc.append(S("long_press_movement_unlimited_once_active","Within the allowance before the timer; once active any movement gives changed.",
      [lp("lp")],[T(0,1,"began",0.4,0.5),T(200,1,"moved",0.42,0.5),T(600,1,"moved",0.7,0.5),T(700,1,"moved",0.8,0.6),T(800,1,"ended",0.8,0.6)],
      [E("lp","began",500,location_x=0.42,location_y=0.5),E("lp","changed",600,location_x=0.7),E("lp","changed",700,location_x=0.8,location_y=0.6),E("lp","ended",800,location_x=0.8,location_y=0.6)]))
    sc.append(S("long_press_cancelled_touch_while_active","A cancelled tracked touch cancels an active long press, values are the last computed.",
      [lp("lp")],[T(0,1,"began",0.4,0.5),T(600,1,"moved",0.45,0.5),T(700,1,"cancelled",0.5,0.5)],
      [E("lp","began",500),E("lp","changed",600,location_x=0.45),E("lp","cancelled",700,location_x=0.45)]))
    sc.append(S("long_press_two_touches_second_too_late_fails","With 2 touches required, a third touch while possible is too many: fails.",
      [lp("lp",touches=2)],[T(0,1,"began",0.4,0.5),T(100,2,"began",0.6,0.5),T(200,3,"began",0.5,0.3),T(900,1,"ended",0.4,0.5),T(900,2,"ended",0.6,0.5),T(900,3,"ended",0.5,0.3)],
      [E("lp","failed",200)]))
    # Swipe
    sc.append(S("swipe_distance_reached_exactly_at_duration","The stroke reaches the distance in the frame at firstDown+maximumDurationMs: the timer fires first, so it fails.",
      [swipe("swipe")],[T(0,1,"began",0.2,0.5),T(250,1,"moved",0.3,0.5),T(500,1,"moved",0.4,0.5),T(520,1,"ended",0.4,0.5)],[E("swipe","failed",500)]))
    sc.append(S("swipe_direction_order_right_before_up","A diagonal (0.2,-0.2) with maximumAngleDeg 50 matches both right and up; right is checked first whatever the list order.",
      [swipe("swipe",dirs=("up","right"),angle=50.0)],[T(0,1,"began",0.3,0.6),T(20,1,"moved",0.4,0.5),T(40,1,"moved",0.5,0.4),T(60,1,"ended",0.5,0.4)],
      [E("swipe","recognized",40,direction="right",location_x=0.3,location_y=0.6)]))
    sc.append(S("swipe_diagonal_rejected_at_30_degrees","A 45-degree diagonal is outside maximumAngleDeg 30 for every direction: fails at lift.",
      [swipe("swipe",dirs=("right","left","up","down"))],[T(0,1,"began",0.3,0.3),T(20,1,"moved",0.4,0.4),T(40,1,"moved",0.5,0.5),T(60,1,"ended",0.5,0.5)],
      [E("swipe","failed",60)]))
    sc.append(S("swipe_down","A downward stroke with all four directions allowed: direction down (y grows downward).",
      [swipe("swipe",dirs=("right","left","up","down"))],[T(0,1,"began",0.5,0.2),T(30,1,"moved",0.51,0.3),T(60,1,"moved",0.52,0.4),T(90,1,"ended",0.52,0.4)],
      [E("swipe","recognized",60,direction="down",location_x=0.5,location_y=0.2)]))
    sc.append(S("swipe_decided_on_lift_frame","The distance is reached only in the ended frame: the lift's position is evaluated before the lift is applied.",
      [swipe("swipe",dirs=("left",))],[T(0,1,"began",0.6,0.5),T(20,1,"moved",0.55,0.5),T(40,1,"ended",0.4,0.5)],
      [E("swipe","recognized",40,direction="left",location_x=0.6,location_y=0.5)]))
    sc.append(S("swipe_two_touches_on_two_sides","A two-touch swipe with one finger on the left strip and one on the right: the centroid moves up.",
      [swipe("swipe",dirs=("up",),touches=2)],[T(0,1,"began",0.1,0.7,"left"),T(0,2,"began",0.9,0.7,"right"),T(30,1,"moved",0.1,0.6,"left"),T(30,2,"moved",0.9,0.6,"right"),
       T(60,1,"moved",0.1,0.5,"left"),T(60,2,"moved",0.9,0.5,"right"),T(90,1,"ended",0.1,0.5,"left"),T(90,2,"ended",0.9,0.5,"right")],
      [E("swipe","recognized",60,direction="up",location_x=0.5,location_y=0.7)]))
    sc.append(S("swipe_side_filter","A swipe listening to the top strip ignores a right-strip stroke entirely and recognizes a top-strip one.",
      [swipe("swipe",sides=["top"])],[T(0,1,"began",0.2,0.5,"right"),T(20,1,"moved",0.3,0.5,"right"),T(40,1,"moved",0.4,0.5,"right"),T(60,1,"ended",0.4,0.5,"right"),
       T(100,2,"began",0.2,0.1,"top"),T(120,2,"moved",0.3,0.1,"top"),T(140,2,"moved",0.4,0.1,"top"),T(160,2,"ended",0.4,0.1,"top")],
      [E("swipe","recognized",140,direction="right",location_x=0.2,location_y=0.1)]))
    # Pan
    sc.append(S("pan_min2_max2_refuses_third","Pan with min 2 / max 2: begins on the first moving pair frame; a third touch while active is refused (no changed); ends when the count drops below 2, values from the start-of-frame set.",
      [pan("pan",mn=2,mx=2)],[T(0,1,"began",0.3,0.5),T(0,2,"began",0.5,0.5),T(20,1,"moved",0.33,0.5),T(20,2,"moved",0.53,0.5),
       T(40,3,"began",0.7,0.5),T(60,3,"moved",0.75,0.5),T(80,1,"moved",0.36,0.5),T(100,2,"ended",0.53,0.5),T(120,1,"ended",0.36,0.5),T(120,3,"ended",0.75,0.5)],
      [E("pan","began",20,translation_x=0.03,translation_y=0.0,velocity_x=(1.5,0.01),location_x=0.43),
       E("pan","changed",80,translation_x=0.045,velocity_x=(0.25,0.01),location_x=0.445),
       E("pan","ended",100,translation_x=0.045,velocity_x=(0.25,0.01))]))
    sc.append(S("pan_left_handed_mirrors_translation","Left-handed: x := 1 - x before anything: a physical leftward drag is a positive translation_x; the consumer sees mirrored x.",
      [pan("pan",cancels=False)],[T(0,1,"began",0.7,0.5),T(20,1,"moved",0.65,0.5),T(40,1,"moved",0.6,0.52),T(60,1,"ended",0.6,0.52)],
      [E("pan","began",20,translation_x=0.05,translation_y=0.0,location_x=0.35),E("pan","changed",40,translation_x=0.1,translation_y=0.02,location_x=0.4),
       E("pan","ended",60,translation_x=0.1,translation_y=0.02)],hand="left",
      consumer=[C(0,1,"began",0.3,0.5),C(20,1,"moved",0.35,0.5),C(40,1,"moved",0.4,0.52),C(60,1,"ended",0.4,0.52)]))
    sc.append(S("pan_translation_exactly_minimum","A translation of exactly minimumTranslation (0.25 u, exactly representable) begins the pan (>=).",
      [pan("pan",tr=0.25)],[T(0,1,"began",0.25,0.5),T(20,1,"moved",0.5,0.5),T(40,1,"ended",0.5,0.5)],
      [E("pan","began",20,translation_x=0.25),E("pan","ended",40,translation_x=0.25)]))
    sc.append(S("pan_cancelled_touch_cancels","A cancelled tracked touch cancels an active pan with the last values.",
      [pan("pan")],[T(0,1,"began",0.3,0.5),T(20,1,"moved",0.35,0.5),T(40,1,"cancelled",0.4,0.5)],
      [E("pan","began",20,translation_x=0.05),E("pan","cancelled",40,translation_x=0.05)]))
    # Screen-edge pan
    sc.append(S("edge_pan_bottom_edge","edges [bottom], margin 0.05: a start at y = 0.97 qualifies; upward drag begins after the hysteresis.",
      [edge("edge",edges=("bottom",))],[T(0,1,"began",0.5,0.97),T(20,1,"moved",0.5,0.93),T(40,1,"moved",0.5,0.85),T(60,1,"ended",0.5,0.85)],
      [E("edge","began",20,translation_y=-0.04),E("edge","changed",40,translation_y=-0.12),E("edge","ended",60,translation_y=-0.12)]))
    sc.append(S("edge_pan_right_edge_not_listed","edges [left, top]: a start at the right edge fails at touch-down.",
      [edge("edge",edges=("left","top"))],[T(0,1,"began",0.98,0.5),T(20,1,"moved",0.9,0.5),T(40,1,"ended",0.9,0.5)],[E("edge","failed",0)]))
    # Pinch / rotation
    sc.append(S("rotation_counter_clockwise_is_negative","Vector (0.2,0) turning to (0.2,-0.1): atan2 gives -0.4636 rad; counter-clockwise on screen is negative; ended only when both lift.",
      [rot("rot")],[T(0,1,"began",0.4,0.5),T(0,2,"began",0.6,0.5),T(20,2,"moved",0.6,0.4),T(40,2,"ended",0.6,0.4),T(60,1,"moved",0.3,0.3),T(80,1,"ended",0.3,0.3)],
      [E("rot","began",20,rotation=(-0.46365,0.001),velocity=(-23.18,0.05)),E("rot","ended",80,rotation=(-0.46365,0.001))]))
    sc.append(S("pinch_frozen_after_first_lift","After the first of the two lifts, the remaining touch's moves emit nothing; ended when both have lifted with the frozen scale.",
      [pinch("pinch")],[T(0,1,"began",0.4,0.5),T(0,2,"began",0.6,0.5),T(20,2,"moved",0.7,0.5),T(40,2,"ended",0.7,0.5),T(60,1,"moved",0.1,0.5),T(80,1,"ended",0.1,0.5)],
      [E("pinch","began",20,scale=1.5,velocity=(25.0,0.01),location_x=0.55),E("pinch","ended",80,scale=1.5)]))
    sc.append(S("pinch_across_two_strips","Pinch with one touch on the left strip and one on the right: the unit square is shared.",
      [pinch("pinch")],[T(0,1,"began",0.3,0.5,"left"),T(0,2,"began",0.7,0.5,"right"),T(20,1,"moved",0.2,0.5,"left"),T(20,2,"moved",0.8,0.5,"right"),
       T(40,1,"ended",0.2,0.5,"left"),T(40,2,"ended",0.8,0.5,"right")],
      [E("pinch","began",20,scale=1.5,location_x=0.5),E("pinch","ended",40,scale=1.5)]))
    # Tap-swipe
    sc.append(S("tapswipe_latched_then_returned","Once the centroid has been minimumSwipeDistance away the swipe is latched; recognized at the lift even after coming back; swipe_dx = end - start.",
      [ts("ts",taps=0)],[T(0,1,"began",0.2,0.5),T(30,1,"moved",0.5,0.5),T(60,1,"moved",0.3,0.55),T(90,1,"ended",0.3,0.55)],
      [E("ts","recognized",90,taps=0,location_x=0.2,location_y=0.5,swipe_dx=0.1,swipe_dy=0.05)]))
    sc.append(S("tapswipe_third_stroke_fails","One tap, a short swipe stroke (arms the gap timer), then a third stroke: fails at the third stroke's start (stroke N+2).",
      [ts("ts",taps=1)],tapin(0,1)+[T(200,2,"began",0.3,0.5),T(230,2,"moved",0.4,0.5),T(260,2,"ended",0.4,0.5)]+tapin(400,3),[E("ts","failed",400)]))
    sc.append(S("tapswipe_two_touch_tap_stroke","numberOfTapTouchesRequired 2: a two-finger tap then a one-finger swipe.",
      [ts("ts",taps=1,tt=2)],[T(0,1,"began",0.4,0.5),T(5,2,"began",0.5,0.5),T(50,1,"ended",0.4,0.5),T(55,2,"ended",0.5,0.5),
       T(200,3,"began",0.2,0.6),T(230,3,"moved",0.35,0.6),T(260,3,"moved",0.5,0.6),T(290,3,"ended",0.5,0.6)],
      [E("ts","recognized",290,taps=1,location_x=0.2,location_y=0.6,swipe_dx=0.3,swipe_dy=0.0)]))
    sc.append(S("tapswipe_tap_stroke_too_few_touches","numberOfTapTouchesRequired 2 but the tap stroke has one touch: fails when it ends.",
      [ts("ts",taps=1,tt=2)],tapin(0,1)+[T(200,3,"began",0.2,0.6),T(230,3,"moved",0.5,0.6),T(260,3,"ended",0.5,0.6)],[E("ts","failed",60)]))
    sc.append(S("tapswipe_gap_exactly_at_limit","The swipe stroke starts exactly at lift+maximumStrokeGapMs: the gap timer fires first; fail at 560.",
      [ts("ts",taps=1)],tapin(0,1)+[T(560,2,"began",0.2,0.5),T(590,2,"moved",0.5,0.5),T(620,2,"ended",0.5,0.5)],[E("ts","failed",560)]))
    sc.append(S("tapswipe_cancelled_touch_fails","A cancelled touch fails the attempt.",
      [ts("ts",taps=0)],[T(0,1,"began",0.2,0.5),T(30,1,"moved",0.5,0.5),T(60,1,"cancelled",0.5,0.5)],[E("ts","failed",60)]))
    # Disable / enable
    sc.append(S("disable_engaged_long_press_then_reenable","Disabling an engaged long press fails it; the touch still down stays excluded after re-enabling; a later touch is received.",
      [lp("lp")],[T(0,1,"began",0.4,0.5),EN(100,"lp",False),EN(200,"lp",True),T(800,1,"ended",0.4,0.5),T(900,2,"began",0.5,0.5),T(1500,2,"ended",0.5,0.5)],
      [E("lp","failed",100),E("lp","began",1400,location_x=0.5),E("lp","ended",1500)],end=1600))
    sc.append(S("touch_begun_while_disabled_stays_excluded","A touch that begins while the recognizer is disabled is never received, even after re-enabling.",
      [lp("lp")],[EN(0,"lp",False),T(10,1,"began",0.4,0.5),EN(20,"lp",True),T(900,1,"ended",0.4,0.5)],[],end=1000))
    sc.append(S("disable_active_long_press_cancels","Disabling an active long press cancels it (action sent).",
      [lp("lp")],[T(0,1,"began",0.4,0.5),EN(600,"lp",False),T(700,1,"ended",0.4,0.5)],[E("lp","began",500),E("lp","cancelled",600)]))
    # Failure-requirement chains
    sc.append(S("three_recognizer_chain_single_tap","tap requires double, double requires long press: the long press fails at the lift, the double at its interval, so tap is reported at 350.",
      [tap("tap"),tap("double",taps=2),lp("lp")],tapin(0,1,up=50),[E("tap","recognized",350,location_x=0.5),E("lp","failed",50),E("double","failed",350)],
      req=(("tap","double"),("double","lp"))))
    sc.append(S("three_recognizer_chain_double_tap","Same chain, two taps: double proceeds at the second lift (long press failed/idle) and fails the pending tap.",
      [tap("tap"),tap("double",taps=2),lp("lp")],tapin(0,1,up=50)+tapin(150,2,up=50),[E("double","recognized",200),E("tap","failed",200)],
      req=(("tap","double"),("double","lp"))))
    sc.append(S("required_long_press_wins_fails_waiting_pan","pan requires the long press: the pan's movement is pending while the press is engaged; the press begins at 500 and the pending pan fails.",
      [pan("pan"),lp("lp",move=0.1)],[T(0,1,"began",0.4,0.5),T(100,1,"moved",0.45,0.5),T(700,1,"ended",0.45,0.5)],
      [E("lp","began",500,location_x=0.45),E("lp","ended",700)],req=(("pan","lp"),)))
    for nm,order in (("chain_missing_edge_tap_fires_triple_first",("triple","double","tap")),("chain_missing_edge_tap_fires_tap_first",("tap","double","triple"))):
        mk={"tap":tap("tap"),"double":tap("double",taps=2),"triple":tap("triple",taps=3)}
        sc.append(S(nm,"double requires triple, tap requires only double: three taps give triple, double fails, and the pending tap then fires at 350, whatever the registration order.",
          [mk[o] for o in order],tapin(0,1,up=50)+tapin(150,2,up=50)+tapin(300,3,up=50),
          [E("triple","recognized",350),E("double","failed",350),E("tap","recognized",350,location_x=0.5,location_y=0.5)],req=(("double","triple"),("tap","double"))))
    # ignore: an ignored touch leaves the tracked set like a lift
    sc.append(S("ignore_only_touch_ends_active_long_press","Ignoring the only touch of an active long press drops the count below the required one: ended at the ignore; the next press is recognized.",
      [lp("lp")],[T(0,1,"began",0.4,0.5),T(600,1,"moved",0.45,0.5),IG(700,"lp",1),T(800,1,"moved",0.5,0.5),T(900,1,"ended",0.5,0.5),T(1000,2,"began",0.5,0.5),T(1600,2,"ended",0.5,0.5)],
      [E("lp","began",500),E("lp","changed",600,location_x=0.45),E("lp","ended",700,location_x=0.45),E("lp","began",1500,location_x=0.5),E("lp","ended",1600)],end=2000))
    sc.append(S("ignore_both_touches_ends_active_pinch","Ignoring both pinch touches ends the pinch with the frozen scale; a later pinch is recognized.",
      [pinch("pinch")],[T(0,1,"began",0.4,0.5),T(0,2,"began",0.6,0.5),T(20,2,"moved",0.7,0.5),IG(40,"pinch",1),IG(50,"pinch",2),T(60,1,"ended",0.4,0.5),T(60,2,"ended",0.7,0.5),
       T(100,3,"began",0.4,0.5),T(100,4,"began",0.6,0.5),T(120,4,"moved",0.7,0.5),T(140,3,"ended",0.4,0.5),T(140,4,"ended",0.7,0.5)],
      [E("pinch","began",20,scale=1.5),E("pinch","ended",50,scale=1.5),E("pinch","began",120,scale=1.5),E("pinch","ended",140,scale=1.5)]))
    sc.append(S("ignore_only_touch_fails_possible_swipe","Ignoring the only touch of a possible swipe fails it; the next stroke is a fresh attempt.",
      [swipe("swipe")],[T(0,1,"began",0.2,0.5),IG(10,"swipe",1),T(20,1,"moved",0.4,0.5),T(40,1,"ended",0.4,0.5),T(100,2,"began",0.2,0.5),T(120,2,"moved",0.4,0.5),T(140,2,"ended",0.4,0.5)],
      [E("swipe","failed",10),E("swipe","recognized",120,direction="right",location_x=0.2)]))
    sc.append(S("pan_refused_touch_never_changes","maximumNumberOfTouches 1: a touch arriving while active is refused; its moves and lift emit nothing.",
      [pan("pan",mx=1)],[T(0,1,"began",0.3,0.5),T(20,1,"moved",0.35,0.5),T(40,2,"began",0.6,0.5),T(60,2,"moved",0.65,0.5),T(80,2,"ended",0.65,0.5),T(100,1,"ended",0.35,0.5)],
      [E("pan","began",20,translation_x=0.05),E("pan","ended",100,translation_x=0.05)]))
    sc.append(S("tapswipe_tap_duration_exactly_at_limit","maximumTapDurationMs 200: the second tap held exactly 200 ms fails at its deadline.",
      [ts("ts",taps=2,dur=200)],tapin(0,1)+tapin(200,2,up=200)+[T(500,3,"began",0.2,0.5),T(530,3,"moved",0.5,0.5),T(560,3,"ended",0.5,0.5)],[E("ts","failed",400)]))
    sc.append(S("tapswipe_tap_duration_just_inside","maximumTapDurationMs 200: a second tap of 199 ms counts; two taps then a swipe are recognized.",
      [ts("ts",taps=2,dur=200)],tapin(0,1)+tapin(200,2,up=199)+[T(500,3,"began",0.2,0.5),T(530,3,"moved",0.5,0.5),T(560,3,"ended",0.5,0.5)],
      [E("ts","recognized",560,taps=2,location_x=0.2,location_y=0.5,swipe_dx=0.3,swipe_dy=0.0)]))
    # Input sanitising: garbage
    sc.append(S("garbage_items_are_skipped","Items with an unknown phase, an unknown side, a missing id or a string coordinate are dropped; a later tap is still recognized.",
      [tap("tap")],[{"type":"touch","t_ms":0,"id":1,"side":"right","phase":"hover","x":0.5,"y":0.5},
       {"type":"touch","t_ms":5,"id":2,"side":"front","phase":"began","x":0.5,"y":0.5},
       {"type":"touch","t_ms":10,"side":"right","phase":"began","x":0.5,"y":0.5},
       {"type":"touch","t_ms":15,"id":3,"side":"right","phase":"began","x":"0.5","y":0.5},
       {"type":"wiggle","t_ms":18},
       {"type":"touch","t_ms":20,"id":4,"side":"right","phase":"began","x":0.5,"y":0.5},
       {"type":"touch","t_ms":60,"id":4,"side":"right","phase":"ended","x":0.5,"y":0.5}],
      [E("tap","recognized",60,location_x=0.5,location_y=0.5)]))
    write('audit', {"schema":"gesture-conformance/1","purpose":"Scenarios of an independent audit of the pipeline against docs/gestures.md (thresholds, several touches and sides, handedness, chains).","scenarios":sc})


def write(name, document, indent=1):
    with open(f"Tests/GesturesTests/Fixtures/{name}.json", "w") as f:
        f.write(json.dumps(document, indent=indent) + "\n")


if __name__ == "__main__":
    recognizers()
    arbitration()
    delivery()
    robustness()
    audit()
